"""The server's save key, and sealing with it: what makes a save impossible to read or forge.

The key is 32 random bytes, given by the environment (``SHERLOCKKIT_SAVE_KEY``, 64 hex
digits) or kept in a file created on first use that only its owner may read (0600), in
``SHERLOCKKIT_KEY_DIR`` or ``~/.config/sherlockkit``. A sealed text is AES-GCM (encrypted
and authenticated); an open one carries an HMAC-SHA256. Both need the key to be made.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path
from typing import Any

#: The environment variable holding the save key (64 hex digits), if the server gives one.
KEY_ENV = "SHERLOCKKIT_SAVE_KEY"
#: The environment variable naming the folder of the key file (tests point it at a temp dir).
KEY_DIR_ENV = "SHERLOCKKIT_KEY_DIR"

NONCE = 12  # bytes, as AES-GCM wants


def key_file() -> Path:
    folder = os.environ.get(KEY_DIR_ENV) or Path.home() / ".config" / "sherlockkit"
    return Path(folder) / "save.key"


def save_key() -> bytes:
    """This server's 32-byte save key: from ``SHERLOCKKIT_SAVE_KEY`` (64 hex digits), or
    from its key file, created on first use readable by its owner only (0600)."""
    given = os.environ.get(KEY_ENV)
    if given:
        try:
            key = bytes.fromhex(given.strip())
        except ValueError:
            key = b""
        if len(key) != 32:
            raise RuntimeError(f"{KEY_ENV} must be 64 hexadecimal digits (a 32-byte key).")
        return key
    path = key_file()
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        draft = path.with_name(f".save.key.{os.getpid()}.{secrets.token_hex(4)}")
        handle = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(handle, "w") as out:
            out.write(secrets.token_bytes(32).hex())
        try:  # a link never replaces: of two kernels starting together, the first key stays
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    if os.stat(path).st_mode & 0o077:  # a key others can read lets them forge saves
        raise RuntimeError(f"The save key {path} may be read by others: make it readable by its owner only "
                           "(chmod 600).")
    try:
        key = bytes.fromhex(path.read_text().strip())
    except ValueError:
        key = b""
    if len(key) != 32:
        raise RuntimeError(f"The save key in {path} is not 64 hexadecimal digits.")
    return key


def _canonical(body: Any) -> bytes:
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def mac(body: Any) -> str:
    """The keyed digest of ``body`` (HMAC-SHA256 of its canonical JSON with the save key)."""
    return hmac.new(save_key(), _canonical(body), hashlib.sha256).hexdigest()


def seal(body: Any, label: bytes) -> str:
    """``body`` encrypted and authenticated with the save key, bound to ``label``: a text."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM  # imported when a save is made
    nonce = secrets.token_bytes(NONCE)
    sealed = AESGCM(save_key()).encrypt(nonce, _canonical(body), label)
    return base64.urlsafe_b64encode(nonce + sealed).decode()


def unseal(text: Any, label: bytes) -> Any | None:
    """The body :func:`seal` sealed into ``text`` with this key and ``label``, or ``None``
    if it was sealed with another key or label, or changed since."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    if not isinstance(text, str):
        return None
    try:
        raw = base64.urlsafe_b64decode(text.encode("ascii"))
        if len(raw) <= NONCE:
            return None
        return json.loads(AESGCM(save_key()).decrypt(raw[:NONCE], raw[NONCE:], label))
    except (InvalidTag, ValueError, TypeError, UnicodeError, RecursionError):
        return None
