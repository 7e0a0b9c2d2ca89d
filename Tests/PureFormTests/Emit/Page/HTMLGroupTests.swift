import Foundation
import Testing

@testable import PureForm

/// `HTMLGroup`: a repeated group on the page is a fieldset whose row is a template, nested groups inside
/// their group's row, with the script's table saying where a row's indices go in each key.
@Suite struct HTMLGroupTests {
  static let spec = """
    [
      {"<TextCell + T>": {"textField?": {"<key>": "name"}}},
      {"<LineCell + L>": {"titleLabel": {"text": "SKU", "textColor": "#6F3F83"},
        "skuField?": {"<key>": "items.*.sku", "<items>": {"min": 1, "max": 5},
          "<validators>": {"required": true, "max_length!": 8}},
        "giftSwitch?": {"<key>": "items.*.gift", "<type>": "bool"}}},
      {"<NoteCell + N>": {"noteField?": {"<key>": "items.*.notes.*", "<visible_if>": "../gift",
        "<validators>": {"max_length": 20}}}}
    ]
    """

  /// The views of a group are drawn once, in its template (with the row's Remove button).
  ///
  /// The fieldset is where the group's first view is; a nested group's fieldset is in its group's row. No row is on the page: the
  /// script adds `<items>` `min` of them.
  @Test func aGroupIsAFieldsetWhoseRowIsATemplate() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let page = form.html(action: "/post")
    let start = try #require(page.range(of: "<body>\n"))
    let end = try #require(page.range(of: "<script>\n"))
    let expected = #"""
      <form id="pf-form" action="/post" method="post" data-form="&lt;string&gt;">
      <fieldset class="pf-section" data-section="0">
      <div class="pf-cell">
      <input id="pf-f0" name="name" data-field="0" aria-describedby="pf-e0" type="text" aria-label="name">
      <output class="pf-error" id="pf-e0" for="pf-f0"></output>
      </div>
      <fieldset class="pf-group" data-group="0">
      <legend>Items</legend>
      <div class="pf-rows"></div>
      <output class="pf-error"></output>
      <button type="button" class="pf-add">Add</button>
      <template>
      <div class="pf-row" data-group="0">
      <div class="pf-cell">
      <label for="pf-f1" id="pf-v0">SKU</label>
      <input id="pf-f1" name="items.*.sku" data-field="1" aria-describedby="pf-e1" type="text" required maxlength="8">
      <output class="pf-error" id="pf-e1" for="pf-f1"></output>
      <div class="pf-check"><input id="pf-f2" name="items.*.gift" data-field="2" aria-describedby="pf-e2" type="checkbox" value="true"><label for="pf-f2">Gift</label></div>
      <output class="pf-error" id="pf-e2" for="pf-f2"></output>
      </div>
      <fieldset class="pf-group" data-group="1">
      <legend>Notes</legend>
      <div class="pf-rows"></div>
      <output class="pf-error"></output>
      <button type="button" class="pf-add">Add</button>
      <template>
      <div class="pf-row" data-group="1">
      <div class="pf-cell">
      <div class="pf-field" id="pf-w3">
      <input id="pf-f3" name="items.*.notes.*" data-field="3" aria-describedby="pf-e3" type="text" maxlength="20" aria-label="items.*.notes.*">
      <output class="pf-error" id="pf-e3" for="pf-f3"></output>
      </div>
      </div>
      <button type="button" class="pf-remove">Remove</button>
      </div>
      </template>
      </fieldset>
      <button type="button" class="pf-remove">Remove</button>
      </div>
      </template>
      </fieldset>
      </fieldset>
      <div class="pf-cell"><button type="submit">Submit</button></div>
      <p id="pf-status" role="status"></p>
      </form>
      <script type="application/json" id="pf-data">{"fields":[{"name":"name","control":"text","live":[]},{"name":"items.*.sku","control":"text","group":0,"at":["items.",".sku"],"post":["items[","][sku]"],"live":[{"rule":"max_length","length":8,"reason":"String length is too long, than expected (8)"}]},{"name":"items.*.gift","control":"checkbox","type":"bool","mismatch":"Value is not a valid bool","group":0,"at":["items.",".gift"],"post":["items[","][gift]"],"live":[]},{"name":"items.*.notes.*","control":"text","group":1,"at":["items.",".notes.",""],"post":["items[","][notes][","]"],"visibleIf":{"truthy":2},"live":[]}],"visibility":[3],"groups":[{"at":["items"],"min":1,"max":5},{"at":["items.",".notes"],"min":0,"max":10000}]}</script>

      """#
    #expect(String(page[start.upperBound..<end.lowerBound]) == expected)
    // A colour of a view in a row is for the ids the script gives each row's copy of it (`pf-v0_2`).
    #expect(page.contains("\n[id^=\"pf-v0_\"] { color: #6F3F83 }\n</style>"))
  }

  /// Each key is cut where a row's indices go: as the server reads it (`items.2.sku`) and as a form post
  /// names it (`items[2][sku]`, which `serve` reads as `items.2.sku`).
  @Test func piecesPutTheIndicesWhereTheStarsAre() {
    let cases: [(key: String, dotted: [String], bracketed: [String])] = [
      ("items.*.sku", ["items.", ".sku"], ["items[", "][sku]"]),
      ("coupons.*", ["coupons.", ""], ["coupons[", "]"]),
      ("orders.*.lines.*.sku", ["orders.", ".lines.", ".sku"], ["orders[", "][lines][", "][sku]"]),
      ("cart.items.*.ship.city", ["cart.items.", ".ship.city"], ["cart[items][", "][ship][city]"]),
      ("items", ["items"], ["items"]),
      // A bracket in a segment: the post's brackets would not spell it, so the name stays dotted.
      ("a[b].*.c", ["a[b].", ".c"], ["a[b].", ".c"]),
    ]
    for (key, dotted, bracketed) in cases {
      #expect(HTMLGroup.pieces(of: key, bracketed: false) == dotted, "\(key)")
      #expect(HTMLGroup.pieces(of: key, bracketed: true) == bracketed, "\(key)")
    }
  }
}
