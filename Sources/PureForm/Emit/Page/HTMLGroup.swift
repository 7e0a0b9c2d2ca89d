/// A repeated group on the page (`pureform render`): a fieldset of rows, one per element, each a copy of
/// the group's `<template>` (its views, and a Remove button), with an Add button; the script (`HTMLScript`)
/// adds and removes rows within the group's `<items>`, numbers them, and names each row's controls as a
/// form post names an element's values (`items[2][sku]`).
enum HTMLGroup {
  /// The fieldset of group `group` (`number` in the plan) whose row holds `row`: no rows yet, the script
  /// adds the group's `<items>` `min` when the page loads.
  static func fieldset(number: Int, group: PlanGroup, row: String) -> String {
    let legend = HTMLEscape.text(HTMLEmitter.humanized(group.key))
    return """
      <fieldset class="pf-group" data-group="\(number)">
      <legend>\(legend)</legend>
      <div class="pf-rows"></div>
      <output class="pf-error"></output>
      <button type="button" class="pf-add">Add</button>
      <template>
      <div class="pf-row" data-group="\(number)">
      \(row)<button type="button" class="pf-remove">Remove</button>
      </div>
      </template>
      </fieldset>

      """
  }

  /// The group's entry in the script's table: `{"at": […], "min": N, "max": M}`, `at` the pieces of its
  /// key between the indices of the rows it is in (`pieces(of:bracketed:)`), `max` at most the element limit.
  static func table(_ group: PlanGroup) -> OutputJSON {
    .object([
      ("at", piecesJSON(of: group.key, bracketed: false)),
      ("min", .int(group.min?.value ?? 0)),
      ("max", .int(Swift.min(group.max?.value ?? PlanGroup.elementLimit, PlanGroup.elementLimit))),
    ])
  }

  /// A template key cut at its `*` segments, so that the indices of a row go between the pieces.
  ///
  /// `["items.", ".sku"]` for `items.*.sku` (the key the server reads, `items.2.sku`), or bracketed as a form
  /// post names it, `["items[", "][sku]"]` (`items[2][sku]`). A key with a bracket in a segment stays
  /// dotted: the post's brackets would not spell it.
  static func pieces(of key: String, bracketed: Bool) -> [String] {
    let segments = DottedKey.segments(of: key)
    let brackets = bracketed && !segments.contains { $0.contains("[") || $0.contains("]") }
    var pieces = [""]
    for (index, segment) in segments.enumerated() {
      let (open, close) = index == 0 ? ("", "") : brackets ? ("[", "]") : (".", "")
      if segment == GroupKey.star {
        pieces[pieces.count - 1] += open
        pieces.append(close)
      } else {
        pieces[pieces.count - 1] += open + segment + close
      }
    }
    return pieces
  }

  /// `pieces(of:bracketed:)` as a JSON array of strings.
  static func piecesJSON(of key: String, bracketed: Bool) -> OutputJSON {
    .array(pieces(of: key, bracketed: bracketed).map(OutputJSON.string))
  }
}
