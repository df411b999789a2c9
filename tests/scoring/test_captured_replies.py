"""Replies stored as the plumbing captured them (blind heldout28 and heldout29, measured first): a
stream's pieces are joined and read, a stored record of the call is read by its reply, a reply cut
off by a token limit after its last verdict keeps it, and a grader that declines this case's
statements beside an example's verdicts refused.

Each test says what the case read before; the ones marked as guards passed before too.
"""

from __future__ import annotations

import json

import pytest

from compat.scoring import Cause, Status
from compat.scoring.reader.envelope import message_answer
from tests.scoring._reading import score

THREE = ["The store opens at 9 am.", "Refunds are possible for sale items.", "The claim was filed in March."]
LEGACY = (
    "1. The store opens at 9 am.\nExplanation: Stated.\nVerdict: Yes.\n"
    "2. Refunds are possible for sale items.\nExplanation: The context says the opposite.\nVerdict: No.\n"
    "3. The claim was filed in March.\nExplanation: Stated.\nVerdict: Yes.\n"
    "Final verdict for each statement in order: Yes. No. Yes."
)


def pieces(text: str, size: int = 5) -> list[str]:
    """``text`` cut every ``size`` characters, mid-word, as a stream cuts it."""
    return [text[at : at + size] for at in range(0, len(text), size)]


def openai_sse(text: str, identity: str = "chatcmpl-1") -> str:
    chunks = [{"id": identity, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}}]}]
    chunks += [{"id": identity, "choices": [{"index": 0, "delta": {"content": piece}}]} for piece in pieces(text)]
    chunks.append({"id": identity, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
    return "".join(f"data: {json.dumps(chunk)}\n\n" for chunk in chunks) + "data: [DONE]\n\n"


def anthropic_sse(text: str) -> str:
    events = [("message_start", {"type": "message_start", "message": {"id": "msg_1", "content": []}})]
    events.append(
        ("content_block_start", {"type": "content_block_start", "content_block": {"type": "text", "text": ""}})
    )
    events += [
        ("content_block_delta", {"type": "content_block_delta", "delta": {"type": "text_delta", "text": piece}})
        for piece in pieces(text)
    ]
    events += [("ping", {"type": "ping"}), ("message_stop", {"type": "message_stop"})]
    return "".join(f"event: {name}\ndata: {json.dumps(body)}\n\n" for name, body in events)


def ollama_ndjson(text: str) -> str:
    lines = [
        {"model": "llama3.1:8b", "message": {"role": "assistant", "content": piece}, "done": False}
        for piece in pieces(text)
    ]
    lines.append({"model": "llama3.1:8b", "message": {"role": "assistant", "content": ""}, "done": True})
    return "\n".join(json.dumps(line) for line in lines)


def ai_sdk_data_stream(text: str) -> str:
    return (
        'f:{"messageId":"msg-1"}\n'
        + "".join(f"0:{json.dumps(piece)}\n" for piece in pieces(text))
        + 'e:{"finishReason":"stop"}\n'
    )


@pytest.mark.parametrize("stream", [openai_sse, anthropic_sse, ollama_ndjson, ai_sdk_data_stream])
def test_a_stream_is_read_by_its_pieces_joined(stream: object) -> None:
    # Read before: undetermined, or worse: the data stream's "0:" heads read as twelve "no"s (0.0,
    # 20% of heldout28's data-stream layout scored too low).
    result = score(stream(LEGACY), THREE)  # type: ignore[operator]
    assert result.value == pytest.approx(2 / 3), result.reason


def test_a_list_of_chat_chunks_dumped_whole_is_a_stream() -> None:
    chunks = [json.loads(line[6:]) for line in openai_sse(LEGACY).split("\n\n") if line.startswith("data: {")]
    assert score(json.dumps(chunks, indent=2), THREE).value == pytest.approx(2 / 3)


def test_a_stream_cut_off_then_retried_is_read_from_the_retry() -> None:
    cut = openai_sse(LEGACY, "chatcmpl-first").split("\n\n")[:20]  # broke off mid-reply, no [DONE]
    retried = LEGACY.replace("Verdict: No.", "Verdict: Yes.").replace("Yes. No. Yes.", "Yes. Yes. Yes.")
    output = "\n\n".join(cut) + "\n\n" + openai_sse(retried, "chatcmpl-second")
    assert score(output, THREE).value == 1.0


def test_json_lines_that_each_hold_a_text_are_no_stream() -> None:
    # Guard: verdict items a line, each with a "text", are items, never pieces to join.
    output = "\n".join(
        json.dumps({"text": statement, "verdict": verdict}) for statement, verdict in zip(THREE, (1, 0, 1), strict=True)
    )
    assert score(output, THREE).value == pytest.approx(2 / 3)


def test_a_record_of_prompt_and_completion_is_read_by_its_completion() -> None:
    # Read before: the prompt's own example ("Verdict: No.") read beside the escaped completion
    # (heldout29, 5.7% of its records scored wrong).
    prompt = (
        "After the last statement, write one final line exactly in this form:\n"
        "Final verdict for each statement in order: Yes. No. Yes.\n\nStatements:\n" + "\n".join(THREE)
    )
    # No, no, yes, and no final line of its own: the prompt's example line is the only one.
    completion = LEGACY[: LEGACY.index("Final verdict")].replace("Verdict: Yes.", "Verdict: No.", 1)
    output = json.dumps({"id": "case-1", "model": "davinci-002", "input": prompt, "output": completion}, indent=2)
    assert score(output, THREE).value == pytest.approx(1 / 3)


def test_a_tracing_span_is_read_by_its_completion_attribute() -> None:
    attributes = {
        "gen_ai.prompt.0.role": "user",
        "gen_ai.prompt.0.content": "Verdict: No. Verdict: No. Verdict: No.",
        "gen_ai.completion.0.role": "assistant",
        "gen_ai.completion.0.content": LEGACY.replace("Verdict: No.", "Verdict: Yes.").replace("No. Yes.", "Yes. Yes."),
    }
    output = json.dumps({"name": "openai.chat", "attributes": attributes}, indent=4)
    assert score(output, THREE).value == 1.0


def test_a_record_that_holds_two_different_replies_is_not_unwrapped() -> None:
    output = json.dumps({"output": LEGACY, "response": LEGACY.replace("Yes. No. Yes.", "No. No. No.")})
    assert message_answer(output) is None
    assert message_answer(json.dumps({"output": LEGACY, "response": LEGACY})) == (LEGACY, False)


def test_declining_this_cases_statements_after_an_examples_verdicts_is_a_refusal() -> None:
    # Read before: the example's final line scored (0.0 for one statement; heldout29's declines
    # 15.6% scored).
    output = (
        "Example\nStatements:\n1. The pool opens at 6:30 am.\n2. Lessons run on Sundays.\n"
        "Final verdict for each statement in order: Yes. No.\n\n"
        "That was the example. For your statements there is no context provided, "
        "so I cannot give a verdict for any of them."
    )
    result = score(output, THREE[:1])
    assert (result.status, result.cause) == (Status.UNDETERMINED, Cause.REFUSAL), result.reason


def test_an_explanation_that_cannot_verify_one_detail_is_no_refusal() -> None:
    # Guard: the refusal must name the task's statements, not one claim's detail.
    output = LEGACY.replace("Explanation: Stated.", "Explanation: Stated, though I cannot verify it further.", 1)
    assert score(output, THREE).value == pytest.approx(2 / 3)
