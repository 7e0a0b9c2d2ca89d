"""Diagnostics: what `pureform check --format json PATH` reports, in the negotiated encoding, on the right URIs."""

import asyncio
import json
from pathlib import Path

import pytest
from lsprotocol import types

from helpers import ROOT, check_json, lsp_character, uri

# Every example spec (a cases file, `NAME.tests.json`, is no spec: `check` skips it) and every invalid one.
SPECS = [
    path
    for path in sorted((ROOT / "Specs").glob("*.json")) + sorted((ROOT / "Specs/invalid").glob("*.json"))
    if not path.name.endswith(".tests.json")
]

# An emoji (two UTF-16 units, four UTF-8 bytes) before a misspelt validator on the same line.
EMOJI_SPEC = '[{"<TextFieldCell + Id>": {"textField?": {"placeholder": "😀", "<key>": "a", "<validators>": {"min_lenght": 3}}}}]\n'


def open_document(client, path, text, version=1):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri(path), language_id="json", version=version, text=text)
        )
    )


def change_document(client, path, text, version):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def diagnostics_for(client, path, version=None, timeout=20):
    """The next diagnostics published for `path` (of `version`, when given) that this helper has not returned
    before, waiting for them; each URI keeps its own place in `client.published`."""
    target = uri(path)
    cursors = client.__dict__.setdefault("cursors", {})
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        for index in range(cursors.get(target, 0), len(client.published)):
            params = client.published[index]
            if params.uri == target and (version is None or params.version == version):
                cursors[target] = index + 1
                return params
        if asyncio.get_running_loop().time() > deadline:
            raise TimeoutError(f"no diagnostics for {target} (version {version})")
        await asyncio.sleep(0.01)


def expected(path, text, encoding):
    """check's diagnostics of `path` as the LSP ones they should become (the document's own only)."""
    result = []
    for diagnostic in check_json(path):
        if diagnostic["file"] != str(path):
            continue
        result.append(
            {
                "code": diagnostic["code"],
                "message": diagnostic["message"],
                "severity": {"error": 1, "warning": 2, "note": 3}[diagnostic["severity"]],
                "start": (diagnostic["line"] - 1, lsp_character(text, diagnostic["line"], diagnostic["column"], encoding)),
                "end": (diagnostic["endLine"] - 1, lsp_character(text, diagnostic["endLine"], diagnostic["endColumn"], encoding)),
                "notes": [note["message"] for note in diagnostic["notes"]],
            }
        )
    return result


def published(diagnostics):
    return [
        {
            "code": diagnostic.code,
            "message": diagnostic.message,
            "severity": int(diagnostic.severity),
            "start": (diagnostic.range.start.line, diagnostic.range.start.character),
            "end": (diagnostic.range.end.line, diagnostic.range.end.character),
            "notes": [info.message for info in diagnostic.related_information or []],
        }
        for diagnostic in diagnostics
    ]


@pytest.mark.parametrize("spec", SPECS, ids=lambda path: path.relative_to(ROOT).as_posix())
async def test_diagnostics_equal_check(client, spec):
    text = spec.read_text(encoding="utf-8", errors="surrogateescape") if spec.stat().st_size < 2_000_000 else None
    if text is None or "\udc80" <= max(text, default="a"):
        pytest.skip("not UTF-8 text")
    open_document(client, spec, text, version=3)
    params = await diagnostics_for(client, spec)
    assert params.version == 3
    assert published(params.diagnostics) == expected(spec, text, client.encoding)
    assert all(diagnostic.source == "pureform" for diagnostic in params.diagnostics)


async def test_emoji_before_an_error_counts_in_the_negotiated_encoding(client, tmp_path):
    path = tmp_path / "emoji.json"
    path.write_text("[]\n", encoding="utf-8")  # the disk says nothing wrong: the editor's text is read
    open_document(client, path, EMOJI_SPEC)
    params = await diagnostics_for(client, path)
    (diagnostic,) = [d for d in params.diagnostics if d.code == "PF304"] or [None]
    assert diagnostic is not None, published(params.diagnostics)
    scalar_column = EMOJI_SPEC.index('"min_lenght"')  # 0-based, in scalars
    shift = {"utf-16": 1, "utf-8": 3}[client.encoding]  # the emoji's units beyond one
    assert diagnostic.range.start == types.Position(line=0, character=scalar_column + shift)
    assert diagnostic.range.end == types.Position(line=0, character=scalar_column + shift + len('"min_lenght"'))
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert [info.message for info in diagnostic.related_information] == ["did you mean 'min_length'?"]
    assert diagnostic.related_information[0].location.uri == uri(path)


async def test_code_action_changes_to_the_suggestion(client, tmp_path):
    path = tmp_path / "fix.json"
    open_document(client, path, EMOJI_SPEC)
    params = await diagnostics_for(client, path)
    diagnostic = next(d for d in params.diagnostics if d.code == "PF304")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    (action,) = actions
    assert action.title == "Change to 'min_length'"
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.is_preferred is True
    (edit,) = action.edit.changes[uri(path)]
    assert edit.range == diagnostic.range
    assert edit.new_text == '"min_length"'
    # Applied, the text checks clean.
    fixed = EMOJI_SPEC.replace('"min_lenght"', '"min_length"')
    change_document(client, path, fixed, 2)
    params = await diagnostics_for(client, path, version=2)
    assert [d for d in params.diagnostics if d.severity == types.DiagnosticSeverity.Error] == []


async def test_no_action_without_a_suggestion(client, tmp_path):
    path = tmp_path / "plain.json"
    open_document(client, path, "[")
    params = await diagnostics_for(client, path)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(path)),
            range=params.diagnostics[0].range,
            context=types.CodeActionContext(diagnostics=params.diagnostics),
        )
    )
    assert not actions


CLEAN = '[{"<TextFieldCell + Id>": {"textField?": {"<key>": "a"}}}]\n'


async def test_a_burst_of_changes_publishes_its_last_version_and_never_goes_back(client, tmp_path):
    path = tmp_path / "burst.json"
    target = uri(path)
    open_document(client, path, CLEAN)
    await diagnostics_for(client, path, version=1)
    for version in range(2, 22):
        change_document(client, path, EMOJI_SPEC if version % 2 else CLEAN, version)
    last = await diagnostics_for(client, path, version=21)
    seen = [p.version for p in client.published if p.uri == target]
    last = [last]
    assert seen == sorted(seen) and seen[-1] == 21
    assert len(seen) < 20  # coalesced
    assert [d.code for d in last[0].diagnostics if d.severity == 1] == ["PF304"]
    change_document(client, path, CLEAN, 22)
    final = await diagnostics_for(client, path, version=22)
    assert list(final.diagnostics) == []


async def test_an_empty_list_is_published_for_a_clean_text(client, tmp_path):
    path = tmp_path / "clean.json"
    open_document(client, path, CLEAN, version=9)
    params = await diagnostics_for(client, path)
    assert params.version == 9
    assert list(params.diagnostics) == []


PARTIAL_BAD = '[{"<TextFieldCell + Street>": {"textField?": {"<key>": "street", "<validators>": {"requried": true}}}}]\n'
PARTIAL_GOOD = '[{"<TextFieldCell + Street>": {"textField?": {"<key>": "street", "<validators>": {"required": true}}}}]\n'
MAIN = '[{"<include>": "partials/address.json", "<key>": "billing"}]\n'


async def test_included_files_get_their_own_diagnostics(client, tmp_path):
    partial = tmp_path / "partials/address.json"
    partial.parent.mkdir()
    partial.write_text(PARTIAL_BAD, encoding="utf-8")
    main = tmp_path / "main.json"
    main.write_text(MAIN, encoding="utf-8")

    open_document(client, main, MAIN)
    own = await diagnostics_for(client, main)
    included = await diagnostics_for(client, partial)
    expected_codes = [d["code"] for d in check_json(main) if d["file"] == str(partial)]
    assert [d.code for d in included.diagnostics] == expected_codes
    assert "PF304" in expected_codes
    assert [d.code for d in own.diagnostics] == [d["code"] for d in check_json(main) if d["file"] == str(main)]

    # The included file opened in the editor is read from its text there.
    open_document(client, partial, PARTIAL_GOOD)
    while True:
        params = await diagnostics_for(client, partial)
        if all(d.code != "PF304" for d in params.diagnostics):
            break
    # Closing both clears what they caused.
    for path in (partial, main):
        client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri(path)))
        )
    await asyncio.sleep(0.5)
    assert list(client.diagnostics[uri(main)]) == []
    assert list(client.diagnostics[uri(partial)]) == []


async def test_close_clears_the_document(client, tmp_path):
    path = tmp_path / "closed.json"
    open_document(client, path, "[")
    params = await diagnostics_for(client, path)
    assert params.diagnostics
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri(path)))
    )
    params = await diagnostics_for(client, path)
    assert list(params.diagnostics) == []
