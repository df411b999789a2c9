"""A FIFTEENTH HELD-OUT set of blind layouts: graders prompted in the team's own language, written blind.

Run it (``python -m tests.scoring.blind.measure --set heldout15``); do not read it while
developing the reader. Written from how graders (GPT-4o, Claude, Llama 3, Qwen, Mistral,
Gemini, Phi, small local models) answer when the whole prompt is translated into the team's
language, so the whole answer is in that language: German, Spanish, French, Portuguese
(Brazil), Italian, Dutch, Polish, Russian, Ukrainian, Turkish, Japanese, Chinese (simplified
and traditional), Korean, Hindi, Arabic, Indonesian and Vietnamese. The layouts: the legacy
prompt's blocks and final line translated, localized participles ("gestützt", "respaldada",
"підтверджується") on numbered lines, full sentences with the language's own quotation marks
(„…“, « … », 「…」), Japanese ○×△ marks (and Korean O/X, Chinese √/×) with their legend,
circled numbers ①②③ with full-width punctuation, Chinese enumerations (一、, 第1条, （一）),
Arabic right-to-left lines with Arabic-Indic digits, Hindi lines with Devanagari digits and the
danda, Russian and Ukrainian "1)" and "№" items, markdown tables with localized headers, JSON
with keys in the language's script, and refusals in each language.

Each layout draws graders.py's dimensions where they fit (statement counts from 1 to 10,
call 1's styles, undecided items, explanations) and ``_draw``'s frame (a ``<think>`` draft,
which reasoning models write in English whatever the prompt's language), plus this set's own
localized preface, count and sign-off. Only outputs a careful bilingual person reads without
doubt are drawn: verdict words are the language's plain words for "supported", "not
supported" and "cannot be determined" (or yes/no where the prompt asked a yes/no question),
and every mark is explained in the output itself.

    HELDOUT15.draw(RandomChooser(random.Random(7)))   # one output, layout chosen uniformly
    heldout15_outputs(layout="maru_batsu_marks")       # one layout's strategy
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from hypothesis import strategies as st

from tests.scoring.blind._draw import BlindOutput, Draw, LayoutSet
from tests.scoring.graders import Chooser, Truth

HELDOUT15 = LayoutSet("heldout15")

# graders.py draws up to 8 statements; answers with 9 or 10 occur as well.
MAX_N = 10


def heldout15_outputs(layout: str | None = None) -> st.SearchStrategy[BlindOutput]:
    """Hypothesis strategy over the fifteenth held-out set (one layout when named)."""
    return HELDOUT15.strategy(layout)


def _of(truth: Truth, options: tuple[str, str, str]) -> str:
    return options[0 if truth is True else 1 if truth is False else 2]


def _bare(statement: str) -> str:
    """The statement without its closing full stop, to sit inside quotation marks."""
    return statement[:-1] if statement.endswith(".") else statement


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


# ----------------------------------------------------------------- the languages


@dataclass(frozen=True)
class Tongue:
    """One language as a translated prompt makes a grader answer in it."""

    yes: str
    no: str
    # "supported", "not supported", "cannot be determined" as that language says of a statement
    supported: str
    unsupported: str
    undecided: str
    statement: str  # the label of a statement, numbered after it ("Aussage 1", "陈述1")
    explanation: str
    verdict: str
    final: str  # the legacy prompt's final line, translated
    reasons: tuple[str, str, str]
    preface: str
    tally: str  # {s} supported of {n}
    sign_off: str
    refusal: str
    number_header: str  # a table's number column
    question: str  # a table's verdict column: "supported?"
    quotes: tuple[str, str] = ("“", "”")
    colon: str = ": "
    stop: str = "."
    tight: bool = False  # no space between a label and its number (CJK)

    def label(self, k: int | str) -> str:
        return f"{self.statement}{k}" if self.tight else f"{self.statement} {k}"

    def yes_no(self, truth: Truth) -> str:
        return _of(truth, (self.yes, self.no, _upper_first(self.undecided)))

    def support(self, truth: Truth) -> str:
        return _of(truth, (self.supported, self.unsupported, self.undecided))

    def reason(self, truth: Truth) -> str:
        return _of(truth, self.reasons)


TONGUES: dict[str, Tongue] = {
    "de": Tongue(
        "Ja", "Nein", "gestützt", "nicht gestützt", "nicht feststellbar", "Aussage", "Begründung", "Urteil",
        "Endgültiges Urteil für jede Aussage in der Reihenfolge:",
        ("Der Kontext sagt das ausdrücklich.", "Der Kontext erwähnt das nicht.",
         "Der Kontext reicht für eine Entscheidung nicht aus."),
        "Hier ist meine Bewertung der einzelnen Aussagen:", "Durch den Kontext gestützt: {s} von {n} Aussagen.",
        "Ich hoffe, das hilft weiter!",
        "Es tut mir leid, aber ohne den Kontext kann ich die Aussagen nicht bewerten. Bitte füge den Kontext ein.",
        "Nr.", "Gestützt?", quotes=("„", "“"),
    ),
    "es": Tongue(
        "Sí", "No", "respaldada", "no respaldada", "no se puede determinar", "Afirmación", "Explicación",
        "Veredicto", "Veredicto final para cada afirmación en orden:",
        ("El contexto lo indica explícitamente.", "El contexto no lo menciona.",
         "El contexto no basta para decidirlo."),
        "Aquí está mi evaluación de cada afirmación:", "Respaldadas por el contexto: {s} de {n} afirmaciones.",
        "¡Espero que te sirva!",
        "Lo siento, pero no puedo evaluar las afirmaciones sin el contexto. ¿Podrías proporcionarlo?",
        "N.º", "¿Respaldada?", quotes=("«", "»"),
    ),
    "fr": Tongue(
        "Oui", "Non", "étayée", "non étayée", "impossible à déterminer", "Affirmation", "Explication", "Verdict",
        "Verdict final pour chaque affirmation, dans l'ordre :",
        ("Le contexte l'indique explicitement.", "Le contexte ne le mentionne pas.",
         "Le contexte ne permet pas de trancher."),
        "Voici mon évaluation de chaque affirmation :", "Affirmations étayées par le contexte : {s} sur {n}.",
        "N'hésitez pas si vous avez des questions.",
        "Je suis désolé, mais je ne peux pas évaluer ces affirmations sans le contexte. Pourriez-vous le fournir ?",
        "N°", "Étayée ?", quotes=("« ", " »"), colon=" : ",
    ),
    "pt": Tongue(
        "Sim", "Não", "respaldada", "não respaldada", "não é possível determinar", "Afirmação", "Explicação",
        "Veredito", "Veredito final para cada afirmação, em ordem:",
        ("O contexto afirma isso explicitamente.", "O contexto não menciona isso.",
         "O contexto não é suficiente para decidir."),
        "Segue minha avaliação de cada afirmação:", "Afirmações respaldadas pelo contexto: {s} de {n}.",
        "Espero ter ajudado!",
        "Desculpe, mas não consigo avaliar as afirmações sem o contexto. Você pode enviá-lo?",
        "Nº", "Respaldada?",
    ),
    "it": Tongue(
        "Sì", "No", "supportata", "non supportata", "non determinabile", "Affermazione", "Spiegazione",
        "Verdetto", "Verdetto finale per ogni affermazione, in ordine:",
        ("Il contesto lo afferma esplicitamente.", "Il contesto non lo menziona.",
         "Il contesto non basta per decidere."),
        "Ecco la mia valutazione di ciascuna affermazione:", "Affermazioni supportate dal contesto: {s} su {n}.",
        "Spero di esserti stato utile!",
        "Mi dispiace, ma non posso valutare le affermazioni senza il contesto. Puoi fornirlo?",
        "N.", "Supportata?", quotes=("«", "»"),
    ),
    "nl": Tongue(
        "Ja", "Nee", "ondersteund", "niet ondersteund", "niet te bepalen", "Bewering", "Uitleg", "Oordeel",
        "Eindoordeel voor elke bewering, op volgorde:",
        ("De context zegt dit expliciet.", "De context vermeldt dit niet.",
         "De context is onvoldoende om dit te beslissen."),
        "Hier is mijn beoordeling van elke bewering:", "Ondersteund door de context: {s} van de {n} beweringen.",
        "Ik hoop dat dit helpt!",
        "Sorry, zonder de context kan ik deze beweringen niet beoordelen. Kun je de context meesturen?",
        "Nr.", "Ondersteund?", quotes=("‘", "’"),
    ),
    "pl": Tongue(
        "Tak", "Nie", "potwierdzone", "niepotwierdzone", "nie da się ustalić", "Stwierdzenie", "Uzasadnienie",
        "Werdykt", "Ostateczny werdykt dla każdego stwierdzenia po kolei:",
        ("Kontekst mówi o tym wprost.", "Kontekst o tym nie wspomina.",
         "Kontekst nie wystarcza, by to rozstrzygnąć."),
        "Oto moja ocena każdego stwierdzenia:", "Stwierdzenia potwierdzone przez kontekst: {s} z {n}.",
        "Mam nadzieję, że to pomoże!",
        "Przepraszam, ale bez kontekstu nie mogę ocenić tych stwierdzeń. Czy możesz go przesłać?",
        "Lp.", "Potwierdzone?", quotes=("„", "”"),
    ),
    "ru": Tongue(
        "Да", "Нет", "подтверждается", "не подтверждается", "невозможно определить", "Утверждение",
        "Обоснование", "Вердикт", "Окончательный вердикт для каждого утверждения по порядку:",
        ("В контексте это прямо указано.", "В контексте это не упоминается.",
         "Контекста недостаточно, чтобы это решить."),
        "Вот моя оценка каждого утверждения:", "Подтверждается контекстом: {s} из {n}.",
        "Надеюсь, это поможет!",
        "К сожалению, без контекста я не могу оценить эти утверждения. Пожалуйста, пришлите контекст.",
        "№", "Подтверждается?", quotes=("«", "»"),
    ),
    "uk": Tongue(
        "Так", "Ні", "підтверджується", "не підтверджується", "неможливо визначити", "Твердження",
        "Обґрунтування", "Вердикт", "Остаточний вердикт для кожного твердження по черзі:",
        ("У контексті це прямо зазначено.", "У контексті про це не згадується.",
         "Контексту недостатньо, щоб це вирішити."),
        "Ось моя оцінка кожного твердження:", "Підтверджено контекстом: {s} з {n}.",
        "Сподіваюся, це допоможе!",
        "На жаль, без контексту я не можу оцінити ці твердження. Будь ласка, надішліть контекст.",
        "№", "Підтверджується?", quotes=("«", "»"),
    ),
    "tr": Tongue(
        "Evet", "Hayır", "destekleniyor", "desteklenmiyor", "belirlenemiyor", "İfade", "Açıklama", "Karar",
        "Her ifade için sırayla nihai karar:",
        ("Bağlam bunu açıkça belirtiyor.", "Bağlam bundan bahsetmiyor.", "Bağlam buna karar vermek için yetersiz."),
        "Her bir ifadeye ilişkin değerlendirmem aşağıdadır:", "Bağlam tarafından desteklenen ifadeler: {s}/{n}.",
        "Umarım yardımcı olur!",
        "Üzgünüm, bağlam olmadan bu ifadeleri değerlendiremem. Lütfen bağlamı paylaşır mısınız?",
        "No", "Destekleniyor mu?",
    ),
    "ja": Tongue(
        "はい", "いいえ", "裏付けあり", "裏付けなし", "判断できない", "文", "理由", "判定",
        "各文に対する最終判定（順番通り）：",
        ("文脈に明記されています。", "文脈には記載がありません。", "文脈からは判断できません。"),
        "各文の評価は以下のとおりです。", "文脈に裏付けられた文：{n}件中{s}件",
        "ご不明な点があればお知らせください。",
        "申し訳ありませんが、文脈が提供されていないため、これらの文を評価できません。文脈を共有していただけますか？",
        "番号", "裏付け", quotes=("「", "」"), colon="：", stop="。", tight=True,
    ),
    "zh": Tongue(
        "是", "否", "有依据", "无依据", "无法判断", "陈述", "理由", "判定", "按顺序给出每条陈述的最终判定：",
        ("上下文明确提到了这一点。", "上下文中没有提到这一点。", "上下文信息不足，无法判断。"),
        "以下是我对每条陈述的评估：", "共{n}条陈述，其中{s}条有上下文依据。", "如有疑问，请随时告诉我。",
        "抱歉，由于没有提供上下文，我无法评估这些陈述。请提供相关上下文。",
        "序号", "是否有依据", colon="：", stop="。", tight=True,
    ),
    "zh_tw": Tongue(
        "是", "否", "有依據", "無依據", "無法判斷", "陳述", "理由", "判定", "依序列出每則陳述的最終判定：",
        ("上下文明確提到了這一點。", "上下文中沒有提到這一點。", "上下文資訊不足，無法判斷。"),
        "以下是我對每則陳述的評估：", "共{n}則陳述，其中{s}則有上下文依據。", "如有任何疑問，歡迎告訴我。",
        "抱歉，由於沒有提供上下文，我無法評估這些陳述。請提供相關內容。",
        "編號", "是否有依據", quotes=("「", "」"), colon="：", stop="。", tight=True,
    ),
    "ko": Tongue(
        "예", "아니요", "뒷받침됨", "뒷받침되지 않음", "판단 불가", "진술", "설명", "판정",
        "각 진술에 대한 최종 판정(순서대로):",
        ("문맥에 명시되어 있습니다.", "문맥에 언급되어 있지 않습니다.", "문맥만으로는 판단할 수 없습니다."),
        "각 진술에 대한 평가는 다음과 같습니다.", "문맥으로 뒷받침되는 진술: {n}개 중 {s}개",
        "도움이 되었기를 바랍니다.",
        "죄송하지만 문맥이 제공되지 않아 이 진술들을 평가할 수 없습니다. 문맥을 제공해 주시겠어요?",
        "번호", "뒷받침 여부",
    ),
    "hi": Tongue(
        "हाँ", "नहीं", "समर्थित", "असमर्थित", "निर्धारित नहीं किया जा सकता", "कथन", "स्पष्टीकरण", "निर्णय",
        "क्रम से प्रत्येक कथन के लिए अंतिम निर्णय:",
        ("संदर्भ में यह स्पष्ट रूप से कहा गया है।", "संदर्भ में इसका उल्लेख नहीं है।",
         "संदर्भ से यह तय नहीं किया जा सकता।"),
        "प्रत्येक कथन का मूल्यांकन नीचे दिया गया है:", "संदर्भ द्वारा समर्थित कथन: {n} में से {s}",
        "आशा है इससे मदद मिलेगी।",
        "क्षमा करें, संदर्भ के बिना मैं इन कथनों का मूल्यांकन नहीं कर सकता। कृपया संदर्भ प्रदान करें।",
        "क्रम", "समर्थित?", stop="।",
    ),
    "ar": Tongue(
        "نعم", "لا", "مدعومة", "غير مدعومة", "لا يمكن التحديد", "العبارة", "التفسير", "الحكم",
        "الحكم النهائي لكل عبارة بالترتيب:",
        ("السياق يذكر ذلك صراحةً.", "السياق لا يذكر ذلك.", "السياق غير كافٍ للحكم."),
        "فيما يلي تقييمي لكل عبارة:", "العبارات المدعومة بالسياق: {s} من {n}.", "آمل أن يكون هذا مفيدًا.",
        "عذرًا، لا يمكنني تقييم هذه العبارات دون السياق. هل يمكنك تزويدي به؟",
        "الرقم", "مدعومة؟", quotes=("«", "»"),
    ),
    "id": Tongue(
        "Ya", "Tidak", "didukung", "tidak didukung", "tidak dapat ditentukan", "Pernyataan", "Penjelasan",
        "Putusan", "Putusan akhir untuk setiap pernyataan secara berurutan:",
        ("Konteks menyatakan hal ini secara eksplisit.", "Konteks tidak menyebutkan hal ini.",
         "Konteks tidak cukup untuk memutuskan."),
        "Berikut penilaian saya untuk setiap pernyataan:", "Pernyataan yang didukung konteks: {s} dari {n}.",
        "Semoga membantu!",
        "Maaf, saya tidak dapat menilai pernyataan-pernyataan ini tanpa konteks. Bisakah Anda memberikannya?",
        "No.", "Didukung?",
    ),
    "vi": Tongue(
        "Có", "Không", "được hỗ trợ", "không được hỗ trợ", "không thể xác định", "Nhận định", "Giải thích",
        "Kết luận", "Kết luận cuối cùng cho từng nhận định theo thứ tự:",
        ("Ngữ cảnh nêu rõ điều này.", "Ngữ cảnh không đề cập đến điều này.", "Ngữ cảnh không đủ để kết luận."),
        "Dưới đây là đánh giá của tôi cho từng nhận định:", "Số nhận định được ngữ cảnh hỗ trợ: {s}/{n}.",
        "Hy vọng điều này hữu ích!",
        "Xin lỗi, tôi không thể đánh giá các nhận định này khi không có ngữ cảnh. Bạn có thể cung cấp ngữ cảnh không?",
        "STT", "Được hỗ trợ?",
    ),
}  # fmt: skip

ALL = tuple(TONGUES)
LATIN_CYRILLIC = ("de", "es", "fr", "pt", "it", "nl", "pl", "ru", "uk", "tr", "id", "vi")
CJK = ("ja", "zh", "zh_tw", "ko")


def _frame(d: Draw, tongue: Tongue, body: str, *, tally: bool = True) -> str:
    """``body`` with an English draft (reasoning models think in English) and a preface, count
    and sign-off in the answer's language, each drawn on its own."""
    head = [d.think_block()]
    tail: list[str] = []
    if d.flag("native_preface", weight_off=2):
        head.append(tongue.preface)
    if tally and d.flag("native_tally", weight_off=2):
        tail.append(tongue.tally.format(s=d.supported, n=d.n))
    if d.flag("native_sign_off", weight_off=3):
        tail.append(tongue.sign_off)
    return "\n\n".join(part for part in (*head, body, *tail) if part)


def _final_line(d: Draw, tongue: Tongue) -> str:
    space = "" if tongue.tight else " "
    return tongue.final + space + space.join(tongue.yes_no(t) + tongue.stop for t in d.truth)


# ----------------------------------------------------------------- 1. translated_legacy_blocks


@HELDOUT15
def translated_legacy_blocks(ch: Chooser) -> BlindOutput:
    """The legacy prompt's blocks translated: "Aussage 1: … / Begründung: … / Urteil: Ja", then its final line."""
    d = Draw(ch, "translated_legacy_blocks", max_n=MAX_N)
    t = TONGUES[d.dim("language", ALL)]
    echo = d.flag("echo_statement")
    bold = d.flag("bold_labels", weight_off=2)
    order = d.dim("block_order", ("reason_first", "verdict_first"))

    def lab(text: str) -> str:
        return f"**{text}**" if bold else text

    blocks = []
    for i, statement, truth in d.items():
        head = lab(t.label(i + 1)) + (t.colon + statement if echo else "")
        reason = lab(t.explanation) + t.colon + t.reason(truth)
        verdict = lab(t.verdict) + t.colon + t.yes_no(truth)
        lines = (head, reason, verdict) if order == "reason_first" else (head, verdict, reason)
        blocks.append("\n".join(lines))
    body = "\n\n".join(blocks)
    if d.flag("translated_final_line"):
        body += "\n\n" + _final_line(d, t)
    return d.done(_frame(d, t, body))


# ----------------------------------------------------------------- 2. participle_verdicts


@HELDOUT15
def participle_verdicts(ch: Chooser) -> BlindOutput:
    """Numbered lines with the language's participle ("1) nicht gestützt – …", "2. respaldada")."""
    d = Draw(ch, "participle_verdicts", max_n=MAX_N)
    t = TONGUES[d.dim("language", LATIN_CYRILLIC)]
    number = d.dim("participle_number", ("{k}.", "{k})", "({k})", "{L}"))
    casing = d.dim("participle_casing", ("first_upper", "lower", "bold", "upper"))
    explain = d.dim("participle_explain", ("none", "dash", "parens"))
    lines = []
    for i, _statement, truth in d.items():
        word = t.support(truth)
        if casing == "first_upper":
            word = _upper_first(word)
        elif casing == "bold":
            word = f"**{_upper_first(word)}**"
        elif casing == "upper":
            word = word.upper()
        lead = t.label(i + 1) + t.colon.rstrip() if number == "{L}" else number.format(k=i + 1)
        line = f"{lead} {word}"
        if explain == "dash":
            line += f" – {t.reason(truth)}"
        elif explain == "parens":
            line += f" ({t.reason(truth)[:-1]})"
        lines.append(line)
    return d.done(_frame(d, t, "\n".join(lines)))


# ----------------------------------------------------------------- 3. native_quote_sentences

# One sentence per statement, the statement in the language's own quotation marks: {q}.
_QUOTE_SENTENCES: dict[str, tuple[str, str, str]] = {
    "de": ("Die Aussage {q} wird durch den Kontext gestützt.",
           "Die Aussage {q} wird durch den Kontext nicht gestützt.",
           "Ob die Aussage {q} zutrifft, lässt sich aus dem Kontext nicht feststellen."),
    "es": ("La afirmación {q} está respaldada por el contexto.",
           "La afirmación {q} no está respaldada por el contexto.",
           "Con el contexto no se puede determinar si la afirmación {q} es cierta."),
    "fr": ("L'affirmation {q} est étayée par le contexte.", "L'affirmation {q} n'est pas étayée par le contexte.",
           "Le contexte ne permet pas de déterminer si l'affirmation {q} est exacte."),
    "pt": ("A afirmação {q} é respaldada pelo contexto.", "A afirmação {q} não é respaldada pelo contexto.",
           "Não é possível determinar pelo contexto se a afirmação {q} é verdadeira."),
    "it": ("L'affermazione {q} è supportata dal contesto.", "L'affermazione {q} non è supportata dal contesto.",
           "Dal contesto non è possibile stabilire se l'affermazione {q} sia vera."),
    "nl": ("De bewering {q} wordt ondersteund door de context.",
           "De bewering {q} wordt niet ondersteund door de context.",
           "Of de bewering {q} klopt, is uit de context niet te bepalen."),
    "pl": ("Stwierdzenie {q} jest potwierdzone przez kontekst.",
           "Stwierdzenie {q} nie jest potwierdzone przez kontekst.",
           "Na podstawie kontekstu nie da się ustalić, czy stwierdzenie {q} jest prawdziwe."),
    "ru": ("Утверждение {q} подтверждается контекстом.", "Утверждение {q} не подтверждается контекстом.",
           "По контексту невозможно определить, верно ли утверждение {q}."),
    "uk": ("Твердження {q} підтверджується контекстом.", "Твердження {q} не підтверджується контекстом.",
           "З контексту неможливо визначити, чи правильне твердження {q}."),
    "ja": ("文{q}は文脈によって裏付けられています。", "文{q}は文脈によって裏付けられていません。",
           "文{q}が正しいかどうかは、文脈からは判断できません。"),
    "zh_tw": ("陳述{q}有上下文依據。", "陳述{q}沒有上下文依據。", "根據上下文，無法判斷陳述{q}是否成立。"),
}  # fmt: skip


@HELDOUT15
def native_quote_sentences(ch: Chooser) -> BlindOutput:
    """One sentence per statement, quoted with the language's marks: „…“, « … », «…», 「…」."""
    d = Draw(ch, "native_quote_sentences", max_n=MAX_N)
    name = d.dim("language", tuple(_QUOTE_SENTENCES))
    t = TONGUES[name]
    sentences = _QUOTE_SENTENCES[name]
    form = d.dim("quote_form", ("paragraph", "lines", "numbered", "bullets"))
    reasons = d.flag("quote_reasons")
    units = []
    for _i, statement, truth in d.items():
        quoted = t.quotes[0] + _bare(statement) + t.quotes[1]
        text = _of(truth, sentences).format(q=quoted)
        if reasons:
            text += ("" if t.tight else " ") + t.reason(truth)
        units.append(text)
    if form == "paragraph":
        body = ("" if t.tight else " ").join(units)
    elif form == "lines":
        body = "\n".join(units)
    elif form == "numbered":
        body = "\n".join(f"{k}. {u}" for k, u in enumerate(units, 1))
    else:
        body = "\n".join(f"- {u}" for u in units)
    return d.done(_frame(d, t, body))


# ----------------------------------------------------------------- 4. maru_batsu_marks

# (language, marks for supported / not / undecided, legend items)
_MARKS: dict[str, tuple[str, tuple[str, str, str], str]] = {
    "ja_maru": ("ja", ("○", "×", "△"), "○＝裏付けあり、×＝裏付けなし、△＝文脈からは判断できない"),
    "ja_maru_double": ("ja", ("◎", "×", "△"), "◎：文脈で裏付けられている　×：裏付けられていない　△：判断できない"),
    "ko_ox": ("ko", ("O", "X", "△"), "O = 문맥으로 뒷받침됨, X = 뒷받침되지 않음, △ = 판단 불가"),
    "zh_tick": ("zh", ("√", "×", "？"), "√：有依据；×：无依据；？：无法判断"),
    "zh_tw_circle": ("zh_tw", ("○", "✕", "△"), "○：有依據；✕：無依據；△：無法判斷"),
}
_MARK_LEGEND_HEADS = {"ja": "凡例", "ko": "범례", "zh": "说明", "zh_tw": "說明"}
_FULL_WIDTH_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")


@HELDOUT15
def maru_batsu_marks(ch: Chooser) -> BlindOutput:
    """Japanese ○×△ evaluation marks (Korean O/X, Chinese √/×) per statement, with their legend."""
    d = Draw(ch, "maru_batsu_marks", max_n=MAX_N)
    name = d.dim("mark_set", tuple(_MARKS))
    language, marks, legend_items = _MARKS[name]
    t = TONGUES[language]
    form = d.dim("mark_form", ("label_lines", "full_width_numbers", "table", "with_reason"))
    rows = []
    for i, _statement, truth in d.items():
        mark = _of(truth, marks)
        if form == "label_lines":
            rows.append(f"{t.label(i + 1)}{t.colon}{mark}")
        elif form == "full_width_numbers":
            rows.append(f"{str(i + 1).translate(_FULL_WIDTH_DIGITS)}．{mark}")
        elif form == "table":
            rows.append(f"| {i + 1} | {mark} |")
        else:
            rows.append(f"{t.label(i + 1)}{t.colon}{mark}（{t.reason(truth).rstrip('。.')}）")
    if form == "table":
        rows = [f"| {t.number_header} | {t.verdict} |", "|---|---|", *rows]
    legend = f"{_MARK_LEGEND_HEADS[language]}{t.colon}{legend_items}"
    body = "\n".join(rows)
    body = f"{legend}\n\n{body}" if d.dim("legend_position", ("before", "after")) == "before" else f"{body}\n\n{legend}"
    return d.done(_frame(d, t, body))


# ----------------------------------------------------------------- 5. circled_number_lines

_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"


@HELDOUT15
def circled_number_lines(ch: Chooser) -> BlindOutput:
    """Circled numbers ①②③ and full-width punctuation: "① はい（文脈に明記されています）"."""
    d = Draw(ch, "circled_number_lines", max_n=MAX_N)
    t = TONGUES[d.dim("language", CJK)]
    words = d.dim("circled_words", ("yes_no", "support"))
    joined = d.dim("circled_join", ("lines", "one_line"))
    reasons = joined == "lines" and d.flag("circled_reasons")
    gap = d.dim("circled_gap", ("", " ", "　"))
    units = []
    for i, _statement, truth in d.items():
        word = t.yes_no(truth) if words == "yes_no" else t.support(truth)
        unit = f"{_CIRCLED[i]}{gap}{word}"
        if reasons:
            unit += f"（{t.reason(truth).rstrip('。.')}）"
        units.append(unit)
    body = "\n".join(units) if joined == "lines" else ("　" if t.tight else "  ").join(units)
    if d.flag("circled_heading"):
        body = f"{t.final}\n{body}"
    return d.done(_frame(d, t, body))


# ----------------------------------------------------------------- 6. hanzi_enumeration

_HANZI_NUMBERS = ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十")
_HANZI_WORDS: dict[str, dict[str, tuple[str, str, str]]] = {
    "zh": {"holds": ("成立", "不成立", "无法判断"), "basis": ("有依据", "无依据", "无法判断"),
           "yes_no": ("是", "否", "无法确定")},
    "zh_tw": {"holds": ("成立", "不成立", "無法判斷"), "basis": ("有依據", "無依據", "無法判斷"),
              "yes_no": ("是", "否", "無法確定")},
}  # fmt: skip


@HELDOUT15
def hanzi_enumeration(ch: Chooser) -> BlindOutput:
    """Chinese document numbering: "一、", "（一）" or "第1条", each item's conclusion (结论：成立) and reason."""
    d = Draw(ch, "hanzi_enumeration", max_n=MAX_N)
    name = d.dim("language", ("zh", "zh_tw"))
    t = TONGUES[name]
    words = _HANZI_WORDS[name][d.dim("hanzi_words", ("holds", "basis", "yes_no"))]
    numbering = d.dim("hanzi_numbering", ("dun", "paren", "di_tiao"))
    echo = d.flag("hanzi_echo")
    conclusion = "结论" if name == "zh" else "結論"
    inline = d.flag("hanzi_inline")
    items = []
    for i, statement, truth in d.items():
        if numbering == "dun":
            lead = f"{_HANZI_NUMBERS[i]}、"
        elif numbering == "paren":
            lead = f"（{_HANZI_NUMBERS[i]}）"
        else:
            lead = f"第{i + 1}条" if name == "zh" else f"第{i + 1}則"
        head = lead + (f"“{_bare(statement)}”" if echo else (t.statement if numbering != "di_tiao" else ""))
        if inline:
            items.append(f"{head}：{_of(truth, words)}。{t.reason(truth)}")
        else:
            items.append(f"{head}\n{conclusion}：{_of(truth, words)}\n{t.explanation}：{t.reason(truth)}")
    body = ("\n" if inline else "\n\n").join(items)
    return d.done(_frame(d, t, body))


# ----------------------------------------------------------------- 7. arabic_rtl_lines

_ARABIC_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
_RLM = "\u200f"


@HELDOUT15
def arabic_rtl_lines(ch: Chooser) -> BlindOutput:
    """Arabic right-to-left lines, Arabic-Indic digits or not: "العبارة ١: نعم، السياق يذكر ذلك صراحةً."."""
    d = Draw(ch, "arabic_rtl_lines", max_n=MAX_N)
    t = TONGUES["ar"]
    digits = d.dim("arabic_digits", ("arabic_indic", "western"))
    words = d.dim("arabic_words", ("yes_no", "support"))
    form = d.dim("arabic_form", ("label_lines", "numbered", "blocks", "inline"))
    rlm = d.flag("rlm_marks")
    reasons = form != "inline" and d.flag("arabic_reasons")

    def num(k: int) -> str:
        return str(k).translate(_ARABIC_DIGITS) if digits == "arabic_indic" else str(k)

    units = []
    for i, _statement, truth in d.items():
        word = t.yes_no(truth) if words == "yes_no" else t.support(truth)
        if form == "blocks":
            units.append(f"{t.label(num(i + 1))}\n{t.verdict}: {word}\n{t.explanation}: {t.reason(truth)}")
            continue
        unit = f"{t.label(num(i + 1))}: {word}" if form in ("label_lines", "inline") else f"{num(i + 1)}. {word}"
        if reasons:
            unit += f"، {t.reason(truth)}"
        units.append(unit)
    separator = "\n\n" if form == "blocks" else "\n"
    body = "، ".join(units) + "." if form == "inline" else separator.join(units)
    if rlm:
        body = "\n".join(_RLM + line if line else line for line in body.split("\n"))
    return d.done(_frame(d, t, body))


# ----------------------------------------------------------------- 8. hindi_devanagari_lines

_DEVANAGARI_DIGITS = str.maketrans("0123456789", "०१२३४५६७८९")


@HELDOUT15
def hindi_devanagari_lines(ch: Chooser) -> BlindOutput:
    """Hindi lines, Devanagari or Western digits, the danda closing each sentence: "कथन १: हाँ — …।"."""
    d = Draw(ch, "hindi_devanagari_lines", max_n=MAX_N)
    t = TONGUES["hi"]
    digits = d.dim("hindi_digits", ("devanagari", "western"))
    words = d.dim("hindi_words", ("yes_no", "support"))
    form = d.dim("hindi_form", ("label_lines", "blocks", "table"))
    reasons = d.flag("hindi_reasons")

    def num(k: int) -> str:
        return str(k).translate(_DEVANAGARI_DIGITS) if digits == "devanagari" else str(k)

    rows = []
    for i, _statement, truth in d.items():
        word = t.yes_no(truth) if words == "yes_no" else t.support(truth)
        if form == "label_lines":
            rows.append(f"{t.label(num(i + 1))}: {word}" + (f" — {t.reason(truth)}" if reasons else t.stop))
        elif form == "blocks":
            rows.append(f"{t.label(num(i + 1))}\n{t.explanation}: {t.reason(truth)}\n{t.verdict}: {word}")
        else:
            rows.append(f"| {num(i + 1)} | {word} |" + (f" {t.reason(truth)} |" if reasons else ""))
    if form == "table":
        header = f"| {t.number_header} | {t.verdict} |" + (f" {t.explanation} |" if reasons else "")
        rows = [header, "|---|---|" + ("---|" if reasons else ""), *rows]
    body = ("\n\n" if form == "blocks" else "\n").join(rows)
    if form != "table" and d.flag("hindi_final_line", weight_off=2):
        body += "\n\n" + _final_line(d, t)
    return d.done(_frame(d, t, body))


# ----------------------------------------------------------------- 9. cyrillic_numbered_items


@HELDOUT15
def cyrillic_numbered_items(ch: Chooser) -> BlindOutput:
    """Russian and Ukrainian items numbered "1)", "№1" or "Утверждение №1 —", with Да/Нет or Так/Ні."""
    d = Draw(ch, "cyrillic_numbered_items", max_n=MAX_N)
    t = TONGUES[d.dim("language", ("ru", "uk"))]
    words = d.dim("cyrillic_words", ("yes_no", "support"))
    number = d.dim("cyrillic_number", ("{k})", "№{k}:", "{L} №{k} —", "п. {k} —"))
    reasons = d.dim("cyrillic_reasons", ("none", "dash", "sentence"))
    lines = []
    for i, _statement, truth in d.items():
        word = t.yes_no(truth) if words == "yes_no" else _upper_first(t.support(truth))
        lead = number.format(k=i + 1, L=t.statement)
        line = f"{lead} {word}"
        if reasons == "dash":
            line += f" — {t.reason(truth)[:1].lower()}{t.reason(truth)[1:]}"
        elif reasons == "sentence":
            line += f". {t.reason(truth)}"
        else:
            line += ";" if i + 1 < d.n else "."
        lines.append(line)
    return d.done(_frame(d, t, "\n".join(lines)))


# ----------------------------------------------------------------- 10. localized_table_headers


@HELDOUT15
def localized_table_headers(ch: Chooser) -> BlindOutput:
    """A markdown table whose headers are in the language ("| STT | Nhận định | Kết luận | Lý do |")."""
    d = Draw(ch, "localized_table_headers", max_n=MAX_N)
    t = TONGUES[d.dim("language", ALL)]
    words = d.dim("table_words", ("yes_no", "support"))
    with_statement = d.flag("table_statement")
    with_reason = d.flag("table_reason")
    column = t.question if words == "yes_no" else t.verdict
    header = [t.number_header] + ([t.statement] if with_statement else []) + [column]
    header += [t.explanation] if with_reason else []
    rows = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for i, statement, truth in d.items():
        word = t.yes_no(truth) if words == "yes_no" else _upper_first(t.support(truth))
        cells = [str(i + 1)] + ([statement] if with_statement else []) + [word]
        cells += [t.reason(truth)] if with_reason else []
        rows.append("| " + " | ".join(cells) + " |")
    return d.done(_frame(d, t, "\n".join(rows)))


# ----------------------------------------------------------------- 11. native_script_json

# Keys (list, statement, reason, verdict) as a translated RAGAS prompt names them.
_JSON_KEYS: dict[str, tuple[str, str, str, str]] = {
    "ru": ("утверждения", "утверждение", "обоснование", "вердикт"),
    "uk": ("твердження", "твердження", "обґрунтування", "вердикт"),
    "ja": ("判定結果", "文", "理由", "判定"),
    "zh": ("结果", "陈述", "理由", "判定"),
    "zh_tw": ("結果", "陳述", "理由", "判定"),
    "ko": ("결과", "진술", "이유", "판정"),
    "ar": ("النتائج", "العبارة", "السبب", "الحكم"),
    "hi": ("परिणाम", "कथन", "कारण", "निर्णय"),
    "tr": ("sonuçlar", "ifade", "gerekçe", "karar"),
    "pl": ("wyniki", "stwierdzenie", "uzasadnienie", "werdykt"),
    "vi": ("kết_quả", "nhận_định", "lý_do", "kết_luận"),
    "id": ("hasil", "pernyataan", "alasan", "putusan"),
}


@HELDOUT15
def native_script_json(ch: Chooser) -> BlindOutput:
    """The RAGAS JSON with keys in the language's own script ("вердикт", "判定", "الحكم") and reasons in it."""
    d = Draw(ch, "native_script_json", max_n=MAX_N)
    name = d.dim("language", tuple(_JSON_KEYS))
    t = TONGUES[name]
    list_key, statement_key, reason_key, verdict_key = _JSON_KEYS[name]
    values = d.dim("json_values", ("one_zero", "words"))
    wrapped = d.flag("json_wrapped")
    items = []
    for _i, statement, truth in d.items():
        number = 1 if truth is True else 0 if truth is False else None
        verdict: int | str | None = number if values == "one_zero" else t.yes_no(truth)
        items.append({statement_key: statement, reason_key: t.reason(truth), verdict_key: verdict})
    data: object = {list_key: items} if wrapped else items
    indent = d.dim("json_indent", ("2", "4", "none"))
    text = json.dumps(data, ensure_ascii=False, indent=None if indent == "none" else int(indent))
    if d.flag("json_fence"):
        text = f"```json\n{text}\n```"
    if values == "one_zero" and None in d.truth:
        note = {
            "ru": "null — контекста недостаточно, чтобы решить.",
            "uk": "null — контексту недостатньо, щоб вирішити.",
            "ja": "null は文脈から判断できないことを示します。",
            "zh": "null 表示根据上下文无法判断。",
            "zh_tw": "null 表示根據上下文無法判斷。",
            "ko": "null은 문맥만으로 판단할 수 없음을 뜻합니다.",
            "ar": "القيمة null تعني أنه لا يمكن التحديد من السياق.",
            "hi": "null का अर्थ है कि संदर्भ से निर्धारित नहीं किया जा सकता।",
            "tr": "null: bağlamdan belirlenemiyor.",
            "pl": "null oznacza, że na podstawie kontekstu nie da się tego ustalić.",
            "vi": "null nghĩa là không thể xác định từ ngữ cảnh.",
            "id": "null berarti tidak dapat ditentukan dari konteks.",
        }[name]
        text += "\n\n" + note
    return d.done(_frame(d, t, text, tally=False))


# ----------------------------------------------------------------- 12. native_question_particles

# The prompt's question as the language asks it (mı, か, 吗, 까, ли, czy, क्या, هل, không, apakah).
_QUESTIONS: dict[str, str] = {
    "tr": "Bağlam tarafından destekleniyor mu?",
    "ja": "文脈に裏付けられていますか？",
    "zh": "上下文是否支持该陈述？",
    "zh_tw": "上下文是否支持該陳述？",
    "ko": "문맥으로 뒷받침됩니까?",
    "ru": "Подтверждается ли оно контекстом?",
    "uk": "Чи підтверджується воно контекстом?",
    "pl": "Czy kontekst je potwierdza?",
    "hi": "क्या संदर्भ इसका समर्थन करता है?",
    "ar": "هل يدعمها السياق؟",
    "vi": "Ngữ cảnh có hỗ trợ nhận định này không?",
    "id": "Apakah konteks mendukung pernyataan ini?",
}


@HELDOUT15
def native_question_particles(ch: Chooser) -> BlindOutput:
    """Each statement's question asked the language's way ("Destekleniyor mu? Evet.", "…ますか？　はい。")."""
    d = Draw(ch, "native_question_particles", max_n=MAX_N)
    name = d.dim("language", tuple(_QUESTIONS))
    t = TONGUES[name]
    question = _QUESTIONS[name]
    form = d.dim("question_form", ("same_line", "two_lines", "echo"))
    reasons = d.flag("question_reasons")
    gap = "　" if t.tight else " "
    blocks = []
    for i, statement, truth in d.items():
        answer = t.yes_no(truth) + t.stop
        if reasons:
            answer += gap + t.reason(truth)
        if form == "same_line":
            blocks.append(f"{t.label(i + 1)}{t.colon}{question}{gap}{answer}")
        elif form == "two_lines":
            blocks.append(f"{t.label(i + 1)}{t.colon}{question}\n{answer}")
        else:
            blocks.append(f"{t.label(i + 1)}{t.colon}{statement}\n{question}{gap}{answer}")
    body = ("\n" if form == "same_line" else "\n\n").join(blocks)
    return d.done(_frame(d, t, body))


# ----------------------------------------------------------------- 13. localized_refusals

_REFUSAL_EXTRAS: dict[str, str] = {
    "de": "Der Kontextabschnitt ist leer, daher kann ich kein Urteil zu den Aussagen abgeben.",
    "es": "La sección de contexto está vacía, así que no puedo dar un veredicto sobre las afirmaciones.",
    "fr": "La section du contexte est vide : je ne peux donc rendre aucun verdict sur ces affirmations.",
    "pt": "A seção de contexto está vazia, então não consigo dar um veredito sobre as afirmações.",
    "ru": "Раздел с контекстом пуст, поэтому я не могу вынести вердикт по утверждениям.",
    "ja": "コンテキスト欄が空のため、各文について判定を行うことができません。",
    "zh": "上下文部分为空，因此我无法对这些陈述作出判定。",
    "ko": "문맥 부분이 비어 있어 진술들에 대해 판정을 내릴 수 없습니다.",
}


@HELDOUT15
def localized_refusals(ch: Chooser) -> BlindOutput:
    """Declines in the prompt's language: sorry, no context, please send it; no verdict is given."""
    d = Draw(ch, "localized_refusals", unknowns=False, max_n=MAX_N)
    name = d.dim("language", ALL)
    t = TONGUES[name]
    kind = d.dim("refusal_kind", ("plain", "plain", "empty_section")) if name in _REFUSAL_EXTRAS else "plain"
    text = t.refusal if kind == "plain" else _REFUSAL_EXTRAS[name]
    if d.flag("refusal_heading", weight_off=3):
        text = f"**{t.verdict}**\n\n{text}"
    if d.flag("refusal_think", weight_off=3):
        text = "<think>\nThe context is missing, so I cannot check any statement. I should say so.\n</think>\n\n" + text
    return d.refused(text)
