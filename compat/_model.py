"""The one base of faithcompat's value objects: frozen, and strict about unknown fields."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class FrozenModel(BaseModel):
    """A pydantic model that cannot change after it is made and rejects fields it does not
    declare. A subclass adds to the config (``model_config = ConfigDict(strict=True)``);
    pydantic merges it with this one."""

    model_config = ConfigDict(frozen=True, extra="forbid")
