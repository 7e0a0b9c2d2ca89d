import Foundation
import Testing

@testable import PureForm

/// `ModelEmitter`, the canonical model JSON of `check --emit model`.
///
/// Keys sorted, two-space indentation, numbers exactly as the spec wrote them, every kind of property value
/// written out, `"type": null` for a field without `<type>`.
@Suite struct ModelEmitterTests {
  static let spec = """
    [
      {
        "<TextFieldCell + TextFieldCellIdentifier>": {
          "textField?": {
            "<key>": "profile.age",
            "<type>": "integer",
            "<validators>": {"max_value": 1.50e2, "required": true},
            "placeholder*": "age.placeholder",
            "keyboardType": "UIKeyboardTypeNumberPad",
            "textColor": "#6F3F8380",
            "alpha": 0.50
          },
          "label": {"text": "Age"}
        }
      },
      {"<LabelCell + L>": {"note?": {"<key>": "note"}}}
    ]
    """

  @Test func theModelOfASmallSpecIsExactlyThisText() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let expected = #"""
      {
        "file": "<string>",
        "format": "pureform-model",
        "sections": [
          {
            "cells": [
              {
                "class": "TextFieldCell",
                "identifier": "TextFieldCellIdentifier",
                "location": {
                  "column": 5,
                  "endColumn": 48,
                  "endLine": 3,
                  "line": 3
                },
                "row": 0,
                "section": 0,
                "userData": {},
                "views": [
                  {
                    "display": null,
                    "field": {
                      "key": "profile.age",
                      "keyPath": [
                        "profile",
                        "age"
                      ],
                      "messages": {},
                      "persist": true,
                      "tag": 0,
                      "type": "integer",
                      "validators": [
                        {
                          "argument": 1.50e2,
                          "argumentType": "decimal",
                          "live": false,
                          "location": {
                            "column": 26,
                            "endColumn": 37,
                            "endLine": 7,
                            "line": 7
                          },
                          "name": "max_value"
                        },
                        {
                          "argument": true,
                          "argumentType": "flag",
                          "live": false,
                          "location": {
                            "column": 47,
                            "endColumn": 57,
                            "endLine": 7,
                            "line": 7
                          },
                          "name": "required"
                        }
                      ]
                    },
                    "formInput": true,
                    "location": {
                      "column": 7,
                      "endColumn": 19,
                      "endLine": 4,
                      "line": 4
                    },
                    "name": "textField",
                    "properties": [
                      {
                        "localized": true,
                        "location": {
                          "column": 9,
                          "endColumn": 23,
                          "endLine": 8,
                          "line": 8
                        },
                        "name": "placeholder",
                        "value": {
                          "key": "age.placeholder",
                          "kind": "localized",
                          "text": null
                        }
                      },
                      {
                        "localized": false,
                        "location": {
                          "column": 9,
                          "endColumn": 23,
                          "endLine": 9,
                          "line": 9
                        },
                        "name": "keyboardType",
                        "value": {
                          "enum": "UIKeyboardType",
                          "kind": "enum",
                          "name": "UIKeyboardTypeNumberPad",
                          "value": 4
                        }
                      },
                      {
                        "localized": false,
                        "location": {
                          "column": 9,
                          "endColumn": 20,
                          "endLine": 10,
                          "line": 10
                        },
                        "name": "textColor",
                        "value": {
                          "alpha": 128,
                          "blue": 131,
                          "green": 63,
                          "hex": "#6F3F8380",
                          "kind": "colour",
                          "red": 111
                        }
                      },
                      {
                        "localized": false,
                        "location": {
                          "column": 9,
                          "endColumn": 16,
                          "endLine": 11,
                          "line": 11
                        },
                        "name": "alpha",
                        "value": {
                          "kind": "number",
                          "value": 0.50
                        }
                      }
                    ],
                    "value": null
                  },
                  {
                    "display": null,
                    "formInput": false,
                    "location": {
                      "column": 7,
                      "endColumn": 14,
                      "endLine": 13,
                      "line": 13
                    },
                    "name": "label",
                    "properties": [
                      {
                        "localized": false,
                        "location": {
                          "column": 17,
                          "endColumn": 23,
                          "endLine": 13,
                          "line": 13
                        },
                        "name": "text",
                        "value": {
                          "kind": "string",
                          "value": "Age"
                        }
                      }
                    ],
                    "value": null
                  }
                ]
              },
              {
                "class": "LabelCell",
                "identifier": "L",
                "location": {
                  "column": 4,
                  "endColumn": 21,
                  "endLine": 16,
                  "line": 16
                },
                "row": 1,
                "section": 0,
                "userData": {},
                "views": [
                  {
                    "display": null,
                    "field": {
                      "key": "note",
                      "keyPath": [
                        "note"
                      ],
                      "messages": {},
                      "persist": true,
                      "tag": 0,
                      "type": null,
                      "validators": []
                    },
                    "formInput": true,
                    "location": {
                      "column": 24,
                      "endColumn": 31,
                      "endLine": 16,
                      "line": 16
                    },
                    "name": "note",
                    "properties": [],
                    "value": null
                  }
                ]
              }
            ],
            "location": null,
            "section": 0
          }
        ],
        "version": 1
      }
      """#
    #expect(form.modelJSON() == expected)
  }

  @Test func theTextIsTheSameEveryTimeAndEveryObjectsKeysAreSorted() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let text = form.modelJSON()
    #expect(text == (try #require(FormCompiler.compile(string: Self.spec).form)).modelJSON())
    // Keys at one indentation inside one object are in ascending order.
    var keysByDepth: [Int: [String]] = [:]
    for line in text.split(separator: "\n") {
      let indent = line.prefix { $0 == " " }.count
      #expect(indent % 2 == 0)
      if line.hasSuffix("{") || line.hasSuffix("[") || line.hasPrefix(String(repeating: " ", count: indent) + "}")
        || line.hasPrefix(String(repeating: " ", count: indent) + "]")
      {
        keysByDepth = keysByDepth.filter { $0.key <= indent }
      }
      guard line.dropFirst(indent).hasPrefix("\""), let colon = line.range(of: "\": ") else { continue }
      let key = String(line[line.index(line.startIndex, offsetBy: indent + 1)..<colon.lowerBound])
      if let last = keysByDepth[indent]?.last { #expect(last < key, "\(last) before \(key)") }
      keysByDepth[indent, default: []].append(key)
    }
  }

  @Test func readValuesAreWrittenBackUnchanged() throws {
    let text = #"{"b":[1.0,-0,2E+3,"\u00e9"],"a":null,"c":{"z":true,"y":false}}"#
    let node = try #require(JSONReader.read(SourceFile(name: "v.json", text: text)).value)
    #expect(
      ModelEmitter.json(node).rendered() == #"{"b":[1.0,-0,2E+3,"é"],"a":null,"c":{"z":true,"y":false}}"#)
  }
}
