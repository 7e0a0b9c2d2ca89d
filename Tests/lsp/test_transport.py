"""`pureform lsp`'s transport and lifecycle, driven with raw frames: every error code and exit code."""

from helpers import INITIALIZE, exchange, frame, notification, read_frames, request, BIN
import subprocess


def by_id(messages):
    return {message.get("id"): message for message in messages if "method" not in message}


def test_request_before_initialize_gets_32002():
    code, messages = exchange([request(7, "textDocument/hover", {})])
    assert messages == [{"jsonrpc": "2.0", "id": 7, "error": {"code": -32002, "message": "the server is not initialized"}}]
    assert code == 1


def test_shutdown_then_exit_ends_with_0():
    code, messages = exchange([INITIALIZE, request(2, "shutdown"), notification("exit")])
    answers = by_id(messages)
    assert answers[2]["result"] is None
    assert code == 0


def test_exit_without_shutdown_ends_with_1():
    code, _ = exchange([INITIALIZE, notification("exit")])
    assert code == 1


def test_end_of_input_counts_as_exit():
    assert exchange([INITIALIZE])[0] == 1
    assert exchange([INITIALIZE, request(2, "shutdown")])[0] == 0


def test_request_after_shutdown_gets_32600():
    code, messages = exchange([INITIALIZE, request(2, "shutdown"), request(3, "textDocument/hover", {}), notification("exit")])
    assert by_id(messages)[3]["error"]["code"] == -32600
    assert code == 0


def test_bad_messages_get_their_codes_and_the_server_goes_on():
    bodies = [
        INITIALIZE,
        b"{not json",
        b"[1, 2]",
        b'{"jsonrpc": "2.0", "id": 5}',
        request(6, "no/suchMethod", {}),
        request(7, "textDocument/hover", {"textDocument": {}}),
        request(8, "textDocument/hover", [1]),
        notification("no/suchNotification", {}),
        notification("$/cancelRequest", {"id": 6}),
        request(9, "shutdown"),
        notification("exit"),
    ]
    code, messages = exchange(bodies)
    errors = [message["error"]["code"] for message in messages if "error" in message]
    ids = [message["id"] for message in messages if "error" in message]
    assert errors == [-32700, -32600, -32600, -32601, -32602, -32602]
    assert ids == [None, None, 5, 6, 7, 8]
    assert by_id(messages)[9]["result"] is None
    assert code == 0


def test_content_type_header_and_editor_flags_are_accepted():
    body = b'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
    data = (
        b"Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" % len(body)
        + body
        + frame(request(2, "shutdown"))
        + frame(notification("exit"))
    )
    run = subprocess.run([BIN, "lsp", "--stdio", "--clientProcessId", "4242"], input=data, capture_output=True, timeout=60)
    messages = read_frames(run.stdout)
    assert messages[0]["result"]["serverInfo"]["name"] == "pureform"
    assert run.returncode == 0


def test_initialize_answers_capabilities_and_encoding():
    _, messages = exchange([INITIALIZE])
    result = messages[0]["result"]
    assert result["serverInfo"]["name"] == "pureform"
    version = subprocess.run([BIN, "--version"], capture_output=True, text=True).stdout.strip()
    assert result["serverInfo"]["version"] == version
    assert result["capabilities"] == {
        "positionEncoding": "utf-16",
        "textDocumentSync": {"openClose": True, "change": 1},
        "completionProvider": {"triggerCharacters": ['"', "<"]},
        "hoverProvider": True,
        "definitionProvider": True,
        "documentSymbolProvider": True,
        "codeActionProvider": {"codeActionKinds": ["quickfix"]},
    }
    utf8 = request(1, "initialize", {"capabilities": {"general": {"positionEncodings": ["utf-16", "utf-8"]}}})
    assert exchange([utf8])[1][0]["result"]["capabilities"]["positionEncoding"] == "utf-8"
    utf32 = request(1, "initialize", {"capabilities": {"general": {"positionEncodings": ["utf-32"]}}})
    assert exchange([utf32])[1][0]["result"]["capabilities"]["positionEncoding"] == "utf-16"


EMOJI_LINE = '[{"<TextFieldCell + Id>": {"textField?": {"placeholder": "😀", "<key>": "a", "<validators>": {"min_lenght": 3}}}}]'


def test_document_changes_and_plaintext_hover_when_the_client_takes_them(tmp_path):
    path = tmp_path / "spec.json"
    uri = "file://" + str(path)
    capabilities = {
        "workspace": {"workspaceEdit": {"documentChanges": True}},
        "textDocument": {"hover": {"contentFormat": ["plaintext"]}},
    }
    open_params = {"textDocument": {"uri": uri, "languageId": "json", "version": 4, "text": EMOJI_LINE}}
    start = EMOJI_LINE.index('"min_lenght"') + 1  # UTF-16: the emoji's two units
    where = {"start": {"line": 0, "character": start}, "end": {"line": 0, "character": start + 12}}
    diagnostic = {"range": where, "message": "unknown validator 'min_lenght'", "code": "PF304",
                  "relatedInformation": [{"location": {"uri": uri, "range": where}, "message": "did you mean 'min_length'?"}]}
    code, messages = exchange([
        request(1, "initialize", {"capabilities": capabilities}),
        notification("initialized", {}),
        notification("textDocument/didOpen", open_params),
        request(2, "textDocument/codeAction", {"textDocument": {"uri": uri}, "range": where, "context": {"diagnostics": [diagnostic]}}),
        request(3, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": start + 2}}),
        request(4, "shutdown"),
        notification("exit"),
    ])
    answers = by_id(messages)
    (action,) = answers[2]["result"]
    assert action["edit"] == {"documentChanges": [{"textDocument": {"uri": uri, "version": 4}, "edits": [{"range": where, "newText": '"min_lenght"'.replace("lenght", "length")}]}]}
    assert answers[3]["result"] is None  # an unknown validator has no hover
    published = [m["params"] for m in messages if m.get("method") == "textDocument/publishDiagnostics"]
    assert published[-1]["version"] == 4 and published[-1]["diagnostics"][0]["range"] == where
    assert code == 0


def test_plaintext_hover():
    text = '[{"<TextFieldCell + Id>": {"textField?": {"<key>": "a", "<validators>": {"required": true}}}}]'
    uri = "file:///nowhere/spec.json"
    character = text.index('"required"') + 2
    _, messages = exchange([
        request(1, "initialize", {"capabilities": {"textDocument": {"hover": {"contentFormat": ["plaintext"]}}}}),
        notification("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}),
        request(2, "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": character}}),
    ])
    result = by_id(messages)[2]["result"]
    assert result["contents"]["kind"] == "plaintext"
    assert result["contents"]["value"].startswith("required: the value is present.")
    assert result["range"] == {"start": {"line": 0, "character": text.index('"required"')}, "end": {"line": 0, "character": text.index('"required"') + 10}}
