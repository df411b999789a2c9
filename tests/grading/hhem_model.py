"""A tiny HHEM-2.1-Open made on the spot: random weights, the published checkpoint's layout.

The published checkpoint is a directory (or a hub snapshot) holding ``config.json`` (model
type ``HHEMv2``, an ``auto_map`` to its own code, the ``foundation`` whose T5 shape and
tokenizer it uses, and its prompt template), ``configuration_hhem_v2.py``,
``modeling_hhem_v2.py`` and the weights (``model.safetensors``, keys under ``t5.``). This
builds the same, a few hundred kB, with a word-level tokenizer for the foundation, so that
the real loading path (transformers, ``trust_remote_code``), the tokenising, the batching
and the inference run in a test with no network. The two code files are written here for
the test, to the published classes' interface (a ``t5`` attribute, ``tokenzier``,
``predict``); they are not the published code.
"""

from __future__ import annotations

import json
from pathlib import Path

PROMPT = "<pad> Determine if the hypothesis is true given the premise?\n\nPremise: {text1}\n\nHypothesis: {text2}"
HUB_ID = "vectara/hallucination_evaluation_model"
FOUNDATION_ID = "google/flan-t5-base"
REVISION = "0123456789abcdef0123456789abcdef01234567"

WORDS = [
    "determine",
    "if",
    "the",
    "hypothesis",
    "is",
    "true",
    "given",
    "premise",
    "?",
    ":",
    ".",
    ",",
    "paris",
    "capital",
    "of",
    "france",
    "berlin",
    "germany",
    "city",
    "river",
    "seine",
    "eiffel",
    "tower",
    "built",
    "in",
    "1889",
    "was",
    "a",
    "an",
    "and",
    "it",
    "lies",
    "on",
    "has",
    "many",
    "museums",
    "tokyo",
    "japan",
    "largest",
    "people",
    "live",
    "there",
    "sun",
    "rises",
    "east",
    "water",
    "boils",
    "at",
    "100",
    "degrees",
    "moon",
    "cheese",
]

_CONFIGURATION = """
from transformers import PretrainedConfig


class HHEMv2Config(PretrainedConfig):
    model_type = "HHEMv2"

    def __init__(self, foundation="google/flan-t5-base", prompt="", **kwargs):
        super().__init__(**kwargs)
        self.foundation = foundation
        self.prompt = prompt
"""

_MODELING = """
import torch
from transformers import AutoConfig, AutoTokenizer, PreTrainedModel, T5ForTokenClassification

from .configuration_hhem_v2 import HHEMv2Config


class HHEMv2ForSequenceClassification(PreTrainedModel):
    config_class = HHEMv2Config
    all_tied_weights_keys = {}

    def __init__(self, config):
        super().__init__(config)
        self.t5 = T5ForTokenClassification(AutoConfig.from_pretrained(config.foundation))
        self.prompt = config.prompt
        self.tokenzier = AutoTokenizer.from_pretrained(config.foundation)

    def forward(self, **kwargs):
        self.t5.eval()
        with torch.no_grad():
            outputs = self.t5(**kwargs)
        outputs.logits = outputs.logits[:, 0, :]
        return outputs

    def predict(self, text_pairs):
        texts = [self.prompt.format(text1=premise, text2=hypothesis) for premise, hypothesis in text_pairs]
        inputs = self.tokenzier(texts, return_tensors="pt", padding=True).to(self.t5.device)
        self.t5.eval()
        with torch.no_grad():
            logits = self.t5(**inputs).logits[:, 0, :]
        return torch.softmax(logits, dim=-1)[:, 1]
"""


def build_foundation(directory: Path) -> Path:
    """A T5 config of the smallest shape and a word-level tokenizer, as ``AutoConfig``/``AutoTokenizer`` read them."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers
    from transformers import PreTrainedTokenizerFast, T5Config

    directory.mkdir(parents=True, exist_ok=True)
    specials = ["<pad>", "</s>", "<unk>"]
    vocabulary = {token: index for index, token in enumerate([*specials, *dict.fromkeys(WORDS)])}
    tokenizer = Tokenizer(models.WordLevel(vocab=vocabulary, unk_token="<unk>"))
    tokenizer.normalizer = normalizers.Lowercase()
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    fast = PreTrainedTokenizerFast(tokenizer_object=tokenizer, pad_token="<pad>", eos_token="</s>", unk_token="<unk>")
    fast.save_pretrained(directory)
    config = T5Config(
        vocab_size=len(vocabulary),
        d_model=16,
        d_kv=8,
        d_ff=32,
        num_layers=2,
        num_decoder_layers=1,
        num_heads=2,
        relative_attention_num_buckets=8,
        num_labels=2,
        pad_token_id=0,
        eos_token_id=1,
        decoder_start_token_id=0,
    )
    config.save_pretrained(directory)
    return directory


def build_checkpoint(directory: Path, foundation: str, seed: int = 0) -> Path:
    """The checkpoint directory: config with its auto_map, the two code files, random weights."""
    import torch
    from safetensors.torch import save_file
    from transformers import AutoConfig, AutoTokenizer, T5ForTokenClassification

    directory.mkdir(parents=True, exist_ok=True)
    (directory / "configuration_hhem_v2.py").write_text(_CONFIGURATION.lstrip(), encoding="utf-8")
    (directory / "modeling_hhem_v2.py").write_text(_MODELING.lstrip(), encoding="utf-8")
    config = {
        "architectures": ["HHEMv2ForSequenceClassification"],
        "auto_map": {
            "AutoConfig": "configuration_hhem_v2.HHEMv2Config",
            "AutoModelForSequenceClassification": "modeling_hhem_v2.HHEMv2ForSequenceClassification",
        },
        "model_type": "HHEMv2",
        "foundation": foundation,
        "prompt": PROMPT,
    }
    (directory / "config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    torch.manual_seed(seed)
    t5 = T5ForTokenClassification(AutoConfig.from_pretrained(foundation))
    _spread(t5, AutoTokenizer.from_pretrained(foundation))
    weights = {f"t5.{name}": tensor.contiguous().clone() for name, tensor in t5.state_dict().items()}
    save_file(weights, str(directory / "model.safetensors"), metadata={"format": "pt"})
    return directory


def _spread(t5: object, tokenizer: object) -> None:
    """Centre and stretch the random class head, so the probabilities fall on both sides of 0.5.

    With random weights the first token's two logits differ by nearly the same amount
    whatever the text; scaled so that over a few probe texts the difference has mean 0 and
    spread 3, different statements get different verdicts, as a trained model's do.
    """
    import torch

    premise = "Paris is the capital of France. The Eiffel Tower was built in 1889."
    probes = [PROMPT.format(text1=premise, text2=" ".join(WORDS[i : i + 4])) for i in range(0, len(WORDS), 3)]
    inputs = tokenizer(probes, return_tensors="pt", padding=True)  # type: ignore[operator]
    head = t5.classifier  # type: ignore[attr-defined]
    with torch.no_grad():
        logits = t5(**inputs).logits[:, 0, :]  # type: ignore[operator]
        difference = logits[:, 1] - logits[:, 0] - (head.bias[1] - head.bias[0])
        scale = 3.0 / float(difference.std())
        head.weight.mul_(scale)
        head.bias.zero_()
        head.bias[1] = -scale * float(difference.mean())


def build_local(root: Path, seed: int = 0) -> Path:
    """A checkpoint directory whose foundation is a directory beside it."""
    foundation = build_foundation(root / "flan-t5-tiny")
    return build_checkpoint(root / "hhem-tiny", str(foundation), seed)


def build_hub_cache(cache: Path, seed: int = 0) -> Path:
    """The layout ``huggingface_hub`` leaves after one download of both repositories.

    ``cache`` is what ``HF_HUB_CACHE`` points at; with ``HF_HUB_OFFLINE=1`` the hub ids load from it.
    """
    for hub_id in (FOUNDATION_ID, HUB_ID):
        repository = cache / ("models--" + hub_id.replace("/", "--"))
        snapshot = repository / "snapshots" / REVISION
        (repository / "refs").mkdir(parents=True, exist_ok=True)
        (repository / "refs" / "main").write_text(REVISION, encoding="utf-8")
        if hub_id == FOUNDATION_ID:
            build_foundation(snapshot)
        else:
            build_checkpoint(snapshot, FOUNDATION_ID, seed)
    return cache
