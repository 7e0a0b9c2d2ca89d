"""Completion, hover, definition and document symbols, on text as typed (parsing or not), in both encodings."""

import asyncio

from lsprotocol import types

from helpers import uri
from test_diagnostics import diagnostics_for, open_document, change_document

SPEC = """[
  {"<section>": 0},
  {
    "<TextFieldCell + Kind>": {
      "textField?": {
        "placeholder": "😀 kind", "<key>": "account.kind",
        "keyboardType": "UIKeyboardTypeEmailAddress",
        "<type>": "text",
        "<validators>": {"required": true, "min_length": 2}
      }
    }
  },
  {
    "<= + Name>": {
      "titleLabel": {"text": "Name"},
      "textField?": {
        "<key>": "account.name",
        "<visible_if>": "/account/kind"
      }
    }
  },
  {"<include>": "partials/address.json", "<key>": "billing"}
]
"""

PARTIAL = '[{"<TextFieldCell + Street>": {"textField?": {"<key>": "street"}}}]\n'


def position(text, index, encoding):
    """The LSP position of character `index` of `text`."""
    before = text[:index]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1 :]
    units = len(column.encode("utf-8")) if encoding == "utf-8" else len(column.encode("utf-16-le")) // 2
    return types.Position(line=line, character=units)


def at(text, marker, encoding, offset=0):
    """The position `offset` characters into the first occurrence of `marker`."""
    return position(text, text.index(marker) + offset, encoding)


async def write(client, tmp_path, text=SPEC):
    (tmp_path / "partials").mkdir(exist_ok=True)
    (tmp_path / "partials/address.json").write_text(PARTIAL, encoding="utf-8")
    (tmp_path / "partials/phone.json").write_text(PARTIAL, encoding="utf-8")
    path = tmp_path / "form.json"
    path.write_text(text, encoding="utf-8")
    open_document(client, path, text)
    await diagnostics_for(client, path)
    return path


async def complete(client, path, where):
    result = await client.text_document_completion_async(
        types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=where)
    )
    assert isinstance(result, types.CompletionList) and result.is_incomplete is False
    return result.items


def labels(items):
    return [item.label for item in items]


async def test_completion_of_validators_on_text_that_does_not_parse(client, tmp_path):
    text = SPEC.replace('"min_length": 2}', '"min_length": 2, "max_l"}').replace("]\n", "")  # unclosed
    path = await write(client, tmp_path, text)
    where = at(text, '"max_l"', client.encoding, 3)
    items = await complete(client, path, where)
    names = ["equal", "equal_next", "equal_previous", "equal_length", "min_length", "max_length", "min_value", "max_value", "required", "type", "custom"]
    assert sorted(labels(items)) == sorted(names + [name + "!" for name in names])
    item = next(item for item in items if item.label == "max_length")
    # The edit replaces the whole string under the cursor, quotes included.
    assert item.text_edit.new_text == '"max_length"'
    assert item.text_edit.range.start == at(text, '"max_l"', client.encoding)
    assert item.text_edit.range.end == at(text, '"max_l"', client.encoding, len('"max_l"'))


async def test_completion_of_messages_keys(client, tmp_path):
    text = SPEC.replace('"<type>": "text",', '"<type>": "text", "<messages>": {""},')
    path = await write(client, tmp_path, text)
    items = await complete(client, path, at(text, '{""}', client.encoding, 2))
    assert labels(items) == [
        "equal", "equal_next", "equal_previous", "equal_length", "min_length", "max_length", "min_value",
        "max_value", "required", "type", "custom", "type_mismatch", "keyboard_type", "required_if", "same_as",
        "min_items", "max_items", "format", "in", "not_in", "min", "max",
    ]


async def test_completion_of_view_words_leaves_out_those_used(client, tmp_path):
    text = SPEC.replace('"<type>": "text",', '"<type>": "text", "<",')
    path = await write(client, tmp_path, text)
    items = await complete(client, path, at(text, '"<",', client.encoding, 2))
    assert labels(items) == [
        "<value>", "<display>", "<messages>", "<persist>", "<visible_if>", "<required_if>", "<same_as>", "<items>",
        "<format>", "<schemes>", "<in>", "<not_in>", "<min>", "<max>",
    ]


async def test_completion_at_the_top_level_and_of_includes(client, tmp_path):
    text = SPEC.replace('  {"<section>": 0},', '  {"<section>": 0},\n  {""},')
    path = await write(client, tmp_path, text)
    items = await complete(client, path, at(text, '{""}', client.encoding, 2))
    assert labels(items) == ["<section>", "<include>"]
    items = await complete(client, path, at(text, '"partials/address.json"', client.encoding, 1))
    assert labels(items) == ["partials/address.json", "partials/phone.json"]


async def test_completion_of_types_and_uikit_constants(client, tmp_path):
    path = await write(client, tmp_path)
    items = await complete(client, path, at(SPEC, '"text",', client.encoding, 1))
    assert labels(items) == ["text", "number", "integer", "bool", "image"]
    items = await complete(client, path, at(SPEC, '"UIKeyboardTypeEmailAddress"', client.encoding, 1))
    assert "UIKeyboardTypeNumberPad" in labels(items)
    assert all(label.startswith("UIKeyboardType") for label in labels(items))
    assert next(item.detail for item in items if item.label == "UIKeyboardTypeNumberPad") == "4"


async def test_completion_of_format_names(client, tmp_path):
    text = SPEC.replace('"<type>": "text",', '"<type>": "text", "<format>": "u",')
    path = await write(client, tmp_path, text)
    items = await complete(client, path, at(text, '"u",', client.encoding, 1))
    assert labels(items) == ["url", "uuid", "date", "date_time", "time"]


async def test_completion_of_binding_paths(client, tmp_path):
    path = await write(client, tmp_path)
    items = await complete(client, path, at(SPEC, '"/account/kind"', client.encoding, 1))
    assert labels(items) == ["/account/kind", "/account/name"]


async def test_hover(client, tmp_path):
    path = await write(client, tmp_path)

    async def hover(marker, offset=1):
        return await client.text_document_hover_async(
            types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=at(SPEC, marker, client.encoding, offset))
        )

    result = await hover('"min_length"')
    assert result.contents.kind == types.MarkupKind.Markdown
    assert "UTF-16 length" in result.contents.value and "missing value: fails when N > 0" in result.contents.value
    assert result.range.start == at(SPEC, '"min_length"', client.encoding)
    result = await hover('"<visible_if>"')
    assert "does not read it" in result.contents.value
    result = await hover('"account.kind"')
    assert "`min_length`: `2`" in result.contents.value and "<type>: `\"text\"`" in result.contents.value
    result = await hover('"UIKeyboardTypeEmailAddress"')
    assert "UIKeyboardType" in result.contents.value and "integer 7" in result.contents.value
    assert await hover('"placeholder"') is None


async def test_definition(client, tmp_path):
    path = await write(client, tmp_path)

    async def definition(marker, offset=2):
        return await client.text_document_definition_async(
            types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=at(SPEC, marker, client.encoding, offset))
        )

    location = await definition('"/account/kind"')
    assert location.uri == uri(path)
    assert location.range.start == at(SPEC, '"account.kind"', client.encoding)
    assert location.range.end == at(SPEC, '"account.kind"', client.encoding, len('"account.kind"'))
    location = await definition('"partials/address.json"')
    assert location.uri == uri(tmp_path / "partials/address.json")
    assert location.range.start == types.Position(line=0, character=0)
    assert await definition('"placeholder"') is None


async def test_definition_reaches_a_view_of_a_nested_include(client, tmp_path):
    # form.json includes outer.json under "billing", which includes inner.json under "geo"; inner.json includes
    # outer.json back (a cycle the compiler reports): the search reads each file once and ends.
    (tmp_path / "partials").mkdir(exist_ok=True)
    (tmp_path / "partials/outer.json").write_text('[{"<include>": "inner.json", "<key>": "geo"}]\n', encoding="utf-8")
    inner = '[{"<TextFieldCell + Zip>": {"textField?": {"<key>": "zip"}}}, {"<include>": "outer.json", "<key>": "x"}]\n'
    (tmp_path / "partials/inner.json").write_text(inner, encoding="utf-8")
    text = """[
  {"<TextFieldCell + Zip>": {"textField?": {"<key>": "zip2", "<same_as>": "/billing/geo/zip"}}},
  {"<TextFieldCell + Other>": {"textField?": {"<key>": "other", "<same_as>": "/billing/geo/nowhere"}}},
  {"<include>": "partials/outer.json", "<key>": "billing"}
]
"""
    path = tmp_path / "form.json"
    path.write_text(text, encoding="utf-8")
    open_document(client, path, text)
    await diagnostics_for(client, path)

    async def definition(marker):
        return await client.text_document_definition_async(
            types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), position=at(text, marker, client.encoding, 2))
        )

    location = await definition('"/billing/geo/zip"')
    assert location.uri == uri(tmp_path / "partials/inner.json")
    assert location.range.start == at(inner, '"zip"', client.encoding)
    assert location.range.end == at(inner, '"zip"', client.encoding, len('"zip"'))
    assert await definition('"/billing/geo/nowhere"') is None


async def test_document_symbols_keep_the_last_outline_that_parsed(client, tmp_path):
    path = await write(client, tmp_path)

    async def symbols():
        return await client.text_document_document_symbol_async(
            types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri(path)))
        )

    outline = await symbols()
    assert [(s.name, s.kind, s.detail) for s in outline] == [
        ("TextFieldCell + Kind", types.SymbolKind.Class, "section 0, row 0"),
        ("TextFieldCell + Name", types.SymbolKind.Class, "section 0, row 1"),
        ("partials/address.json", types.SymbolKind.Module, None),
    ]
    assert [(c.name, c.kind, c.detail) for c in outline[1].children] == [
        ("titleLabel", types.SymbolKind.Property, None),
        ("textField?", types.SymbolKind.Field, "account.name"),
    ]
    assert outline[0].selection_range.start == at(SPEC, '"<TextFieldCell + Kind>"', client.encoding)
    change_document(client, path, SPEC[:-10], 2)
    await diagnostics_for(client, path, version=2)
    assert [s.name for s in await symbols()] == [s.name for s in outline]
