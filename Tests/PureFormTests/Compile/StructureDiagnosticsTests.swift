import Testing

@testable import PureForm

/// One test per structure code (PF2xx), with exact positions and wording.
@Suite struct StructureDiagnosticsTests {
  @Test func specMustBeAnArray() {
    #expect(
      diagnose(#"{"a": 1}"#) == [
        "1:1: error: spec must be an array of cells and section markers, found an object [PF201]"
      ])
    #expect(
      diagnose("42") == ["1:1: error: spec must be an array of cells and section markers, found the number 42 [PF201]"])
  }

  @Test func elementsMustBeObjects() {
    #expect(
      diagnose(#"[1, "x"]"#) == [
        "1:2: error: spec element must be a cell or a section marker object, found the number 1 [PF202]",
        "1:5: error: spec element must be a cell or a section marker object, found the string \"x\" [PF202]",
      ])
  }

  @Test func cellNeedsACombinedKey() {
    #expect(diagnose(#"[{"x": 1}]"#) == ["1:2: error: cell has no combined key '<ClassName + Identifier>' [PF203]"])
    #expect(diagnose(#"[{}]"#) == ["1:2: error: cell has no combined key '<ClassName + Identifier>' [PF203]"])
  }

  @Test func cellWithTwoCombinedKeys() {
    #expect(
      diagnose(#"[{"<A + B>": {}, "<C + D>": {}}]"#) == [
        "1:18: error: cell has a second combined key '<C + D>' [PF204]"
      ])
  }

  @Test(arguments: ["<A + B + C>", "< + B>", "<A + >", "<A B + C>", "<TextFieldCell>"])
  func malformedCombinedKey(_ key: String) {
    #expect(
      diagnose(#"[{"\#(key)": {}}]"#) == [
        "1:3: error: malformed combined key '\(key)': expected '<ClassName + Identifier>' [PF205]"
      ])
  }

  @Test func sameAsPreviousNeedsAPreviousCell() {
    #expect(
      diagnose(#"[{"<= + B>": {}}]"#) == [
        "1:3: error: '=' in the first cell's combined key: there is no previous cell to copy [PF206]"
      ])
    let spec = #"[{"<A + B>": {}}, {"<section>": 1}, {"<= + =>": {}}, {"<C + =>": {}}]"#
    let cells = model(spec)?.cells ?? []
    #expect(cells.map(\.className) == ["A", "A", "C"])
    #expect(cells.map(\.identifier) == ["B", "B", "B"])
    #expect(cells.map(\.section) == [0, 1, 1])
    #expect(cells.map(\.row) == [0, 0, 1])
  }

  @Test(arguments: ["-1", "1.5", "\"1\"", "true", "null", "1e999"])
  func sectionNumberMustBeANonNegativeInteger(_ value: String) {
    #expect(codes(#"[{"<section>": \#(value)}, {"<A + B>": {}}]"#) == ["PF207"])
  }

  @Test func sectionMarkerAlone() {
    #expect(
      diagnose(#"[{"<section>": 0, "x": 2}, {"<A + B>": {}}]"#) == [
        "1:19: error: section marker cannot have other keys, found 'x' [PF208]"
      ])
  }

  @Test func sectionsMayBeEnteredAgainAndTheirCellsMerge() throws {
    let spec = #"[{"<A + B>": {}}, {"<section>": 1}, {"<C + D>": {}}, {"<section>": 0}, {"<E + F>": {}}]"#
    #expect(
      diagnose(spec) == [
        "1:68: warning: section 0 is entered again: its cells here follow those of its earlier run, in spec order [PF209]"
      ])
    let sections = FormCompiler.compile(string: spec).form?.model.sections ?? []
    #expect(sections.map(\.number) == [0, 1])
    #expect(sections.first?.cells.map(\.className) == ["A", "E"])
    #expect(sections.first?.cells.map(\.row) == [0, 1])
    #expect(codes(#"[{"<section>": 1}, {"<section>": 0}, {"<A + B>": {}}, {"<section>": 1}, {"<A + B>": {}}]"#) == [])
  }

  @Test func sectionGapsAreErrors() {
    #expect(
      diagnose(#"[{"<section>": 2}, {"<A + B>": {}}]"#) == [
        "1:16: error: sections 0 to 1 have no cells: sections must be numbered from 0 without gaps [PF210]"
      ])
    #expect(
      diagnose(#"[{"<A + B>": {}}, {"<section>": 2}, {"<A + B>": {}}]"#) == [
        "1:33: error: section 1 has no cells: sections must be numbered from 0 without gaps [PF210]"
      ])
    #expect(codes(#"[{"<section>": 0}, {"<A + B>": {}}, {"<section>": 1}, {"<A + B>": {}}]"#) == [])
  }

  @Test func viewsAndBodiesAreObjects() {
    #expect(
      diagnose(#"[{"<A + B>": {"label": "x"}}]"#) == [
        "1:24: error: view 'label' must be an object of properties, found the string \"x\" [PF211]"
      ])
    #expect(
      diagnose(#"[{"<A + B>": []}]"#) == [
        "1:14: error: cell '<A + B>' must hold an object of views, found an array [PF212]"
      ])
  }

  @Test func duplicateObjectKeys() {
    let result = FormCompiler.compile(string: #"[{"<A + B>": {"v": {"text": "a", "text": "b"}}}]"#)
    #expect(result.diagnostics.map(\.code) == [.duplicateObjectKey])
    #expect(result.diagnostics.first?.range.start.column == 34)
    #expect(result.diagnostics.first?.notes.first?.range?.start.column == 21)
    #expect(result.diagnostics.first?.message == "duplicate key 'text' in one object")
  }

  @Test func emptySpecWarns() {
    #expect(diagnose("[]") == ["1:1: warning: spec has no cells [PF214]"])
  }

  @Test func emptyViewName() {
    #expect(diagnose(#"[{"<A + B>": {"?": {}}}]"#) == ["1:15: error: view name '?' is empty [PF215]"])
  }

  @Test func userDataIsKept() throws {
    let cell = try #require(model(#"[{"<A + B>": {}, "analytics": {"id": 7}, "note": "x"}]"#)?.cells.first)
    #expect(cell.userData.map(\.key) == ["analytics", "note"])
  }

  @Test func spacesAroundCombinedKeyPartsAreInsignificant() throws {
    let cell = try #require(model(#"[{"<  TextCell+TextCellId   >": {}}]"#)?.cells.first)
    #expect(cell.className == "TextCell")
    #expect(cell.identifier == "TextCellId")
  }

  @Test func reservedWordsOutsideViews() {
    #expect(
      diagnose(#"[{"<A + B>": {}, "<key>": "x"}]"#) == [
        "1:18: error: reserved word '<key>' is not allowed in a cell: it belongs in a view [PF403]"
      ])
    #expect(
      diagnose(#"[{"<A + B>": {"<section>": 1}}]"#) == [
        "1:15: error: reserved word '<section>' is not allowed in a cell body: it belongs in a section marker object of its own [PF403]"
      ])
    #expect(
      diagnose(#"[{"<A + B>": {}, "<sectoin>": 1}]"#) == ["1:18: error: unknown reserved word '<sectoin>' [PF401]"])
  }

  @Test func aFileWithSeveralMistakesGetsThemAll() {
    let spec = """
      [
        {"<A + B + C>": {}},
        {"<section>": -2},
        {"<A + B>": {"f?": {"<key>": "a", "<validators>": {"min_lenght": 1}}}},
        {"<= + =>": {"f?": {"<key>": "a", "<tpye>": "text"}}}
      ]
      """
    #expect(codes(spec) == ["PF205", "PF207", "PF304", "PF502", "PF401"])
  }
}
