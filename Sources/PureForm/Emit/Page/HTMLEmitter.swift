/// Writes a compiled form as one self-contained HTML page (`pureform render`): no external assets, no
/// framework; sections as fieldsets, each cell's label views as labels, each form view as the control its
/// view and keyboard call for (`HTMLControl`), colours in the page's style, the live validators and the
/// submit in one inline script (`HTMLScript`) that reads the form's table (`HTMLFieldTable`).
///
/// The views of a repeated group are drawn once, in the row template of the group's fieldset (`HTMLGroup`).
enum HTMLEmitter {
  /// The page of `form`, posting to `action`.
  static func page(_ form: CompiledForm, action: String) -> String {
    var writer = Writer(form: form)
    writer.body()
    let name = HTMLEscape.text(form.formName)
    var page = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(name)</title>
      <style>
      \(HTMLStyle.base)
      """
    for rule in writer.styles { page += rule + "\n" }
    page += "</style>\n</head>\n<body>\n"
    page += "<form id=\"pf-form\" action=\"\(HTMLEscape.text(action))\" method=\"post\" data-form=\"\(name)\">\n"
    page += writer.markup(writer.page)
    page += "<p id=\"pf-status\" role=\"status\"></p>\n</form>\n"
    page += "<script type=\"application/json\" id=\"pf-data\">"
    page += HTMLEscape.scriptJSON(
      HTMLFieldTable.json(
        fields: writer.fields, visibility: writer.plan.visibilityOrder, conditions: writer.plan.conditions,
        groups: writer.plan.groups
      )
      .rendered())
    page += "</script>\n<script>\n\(HTMLScript.source)\n</script>\n</body>\n</html>\n"
    return page
  }

  /// A label for a control whose cell has none, or a group's legend: the key's last segment that is not a
  /// `*`, `_` as spaces, capitalized (`Terms accepted` for `terms_accepted`, `Tags` for `tags.*`).
  static func humanized(_ key: String) -> String {
    let last = key.split(separator: ".").last { $0 != "*" }.map(String.init) ?? key
    let words = last.replacing("_", with: " ")
    return words.prefix(1).uppercased() + words.dropFirst()
  }

  /// Walks the model once, writing the form's body, its colour rules and the script's field table.
  private struct Writer {
    let form: CompiledForm
    let plan: ValidationPlan
    /// The page's markup, and each placed group's row, in pieces: a group's fieldset is complete only once
    /// every view of it has been drawn.
    var page: [Piece] = []
    var rows: [Int: [Piece]] = [:]
    /// Where markup goes now: the page (nil) or a group's row.
    private var target: Int?
    var styles: [String] = []
    var fields: [(planned: PlanField, field: FormField, control: HTMLControl.Kind)] = []
    private var plainViews = 0
    private var hasSubmit = false

    init(form: CompiledForm) {
      self.form = form
      self.plan = form.plan
    }

    /// A piece of markup, or the place of a group's fieldset.
    enum Piece {
      case text(String)
      case group(Int)
    }

    mutating func body() {
      for section in form.model.sections {
        emit("<fieldset class=\"pf-section\" data-section=\"\(section.number)\">\n")
        for cell in section.cells { self.cell(cell) }
        emit("</fieldset>\n")
      }
      if !hasSubmit { emit("<div class=\"pf-cell\"><button type=\"submit\">Submit</button></div>\n") }
    }

    /// The markup of `pieces`, each group's fieldset in its place.
    func markup(_ pieces: [Piece]) -> String {
      pieces.map { piece in
        switch piece {
        case .text(let text): return text
        case .group(let number):
          return HTMLGroup.fieldset(number: number, group: plan.groups[number], row: markup(rows[number] ?? []))
        }
      }.joined()
    }

    private mutating func emit(_ text: String) {
      if let target { rows[target, default: []].append(.text(text)) } else { page.append(.text(text)) }
    }

    /// Makes markup go to group `number`'s row, placing its fieldset where markup goes now (in the row of
    /// the group around it) the first time.
    private mutating func enter(_ number: Int?) {
      target = nil
      guard let number else { return }
      if rows[number] == nil {
        enter(plan.groups[number].parent)
        rows[number] = []
        if let target { rows[target, default: []].append(.group(number)) } else { page.append(.group(number)) }
      }
      target = number
    }

    private func properties(_ view: FormView) -> HTMLProperties {
      HTMLProperties(
        properties: SpecCompiler.properties(of: view, sources: form.sources, strings: form.options.strings))
    }

    /// An id for a plain view, with a style rule when it has colours.
    private mutating func plainID(_ properties: HTMLProperties, filled: Bool = false) -> String {
      let id = "pf-v\(plainViews)"
      plainViews += 1
      style(id, properties, filled: filled)
      return id
    }

    /// A colour rule for `id`; inside a group's row, for the ids the script gives the row's copies of it
    /// (`pf-f3_0`, `pf-f3_1`, …).
    private mutating func style(_ id: String, _ properties: HTMLProperties, filled: Bool = false) {
      let declarations = properties.colourDeclarations(filled: filled)
      let selector = target == nil ? "#\(id)" : "[id^=\"\(id)_\"]"
      if !declarations.isEmpty { styles.append("\(selector) { \(declarations.joined(separator: "; ")) }") }
    }

    private mutating func cell(_ cell: FormCell) {
      let texts = cell.views.filter { !$0.isFormInput }.compactMap { view -> (String, HTMLProperties)? in
        let properties = properties(view)
        return properties.text("text").map { ($0, properties) }
      }
      // The views with a field, as the plan counts them, so that field numbers match the plan's.
      let formViews = cell.views.filter { $0.field != nil }
      if formViews.isEmpty {
        enter(nil)
        emit("<div class=\"pf-cell\">\n")
        if cell.className.contains("Button"), let (text, properties) = texts.first {
          hasSubmit = true
          emit(
            "<button type=\"submit\" id=\"\(plainID(properties, filled: true))\">\(HTMLEscape.text(text))</button>\n")
        } else {
          let element = cell.className.contains("Header") ? "h1" : "p"
          for (text, properties) in texts {
            emit("<\(element) id=\"\(plainID(properties))\">\(HTMLEscape.text(text))</\(element)>\n")
          }
        }
        emit("</div>\n")
        return
      }
      // The views by the group they are a template of (nil outside groups), each run a cell of its own on
      // the page or in its group's row; the cell's other texts after its last view.
      var runs: [(group: Int?, views: ArraySlice<FormView>)] = []
      var start = 0
      for index in formViews.indices {
        let group = plan.fields[fields.count + index].group
        if index + 1 == formViews.count || plan.fields[fields.count + index + 1].group != group {
          runs.append((group, formViews[start...index]))
          start = index + 1
        }
      }
      for (number, run) in runs.enumerated() {
        enter(run.group)
        emit("<div class=\"pf-cell\">\n")
        for (index, view) in zip(run.views.indices, run.views) { control(view, label: index == 0 ? texts.first : nil) }
        if number == runs.count - 1 {
          for (text, properties) in texts.dropFirst() {
            emit("<p id=\"\(plainID(properties))\">\(HTMLEscape.text(text))</p>\n")
          }
        }
        emit("</div>\n")
      }
      enter(nil)
    }

    /// One form view: its label, its control, and the place its failures are shown.
    private mutating func control(_ view: FormView, label: (String, HTMLProperties)?) {
      guard let field = view.field else { return }
      let number = fields.count
      let planned = plan.fields[number]
      // A view with `<visible_if>` is wrapped, so the script can hide it (and disable its controls: a
      // disabled control is neither validated by the browser nor posted) when its condition is false.
      let wrapped = planned.visibleIf != nil
      if wrapped { emit("<div class=\"pf-field\" id=\"pf-w\(number)\">\n") }
      defer { if wrapped { emit("</div>\n") } }
      var html = ""
      defer { emit(html) }
      let properties = properties(view)
      let control = HTMLControl(view: view, field: field, properties: properties, keyboard: planned.keyboard)
      fields.append((planned, field, control.kind))
      let id = "pf-f\(number)"
      style(id, properties)
      let labelText = label?.0 ?? (control.kind == .text ? nil : HTMLEmitter.humanized(planned.key))
      let labelID = label.map { plainID($0.1) }
      let name = HTMLEscape.text(planned.key)
      let common = "name=\"\(name)\" data-field=\"\(number)\" aria-describedby=\"pf-e\(number)\""
      if control.kind == .radio {
        html += "<fieldset class=\"pf-radios\" id=\"\(id)\">\n"
        if let labelText {
          html += "<legend\(labelID.map { " id=\"\($0)\"" } ?? "")>\(HTMLEscape.text(labelText))</legend>\n"
        }
        for (index, option) in control.options.enumerated() {
          let checked = option.value == control.checkedOption ? " checked" : ""
          html +=
            "<label><input type=\"radio\" id=\"\(id)-\(index)\" \(common) value=\"\(HTMLEscape.text(option.value))\""
          html += "\(checked)\(Self.attributes(control.attributes))> \(HTMLEscape.text(option.label))</label>\n"
        }
        html += "</fieldset>\n"
      } else {
        // A datalist's suggestions (`<in>` with `<format>`), by the list's id (renumbered in a group's rows).
        let list = control.suggestions.isEmpty ? "" : " list=\"pf-l\(number)\""
        let tag = control.kind == .select ? "select" : "input"
        let input = "<\(tag) id=\"\(id)\" \(common)\(list)\(Self.attributes(control.attributes))"
        let labelTag = labelText.map { text in
          "<label for=\"\(id)\"\(labelID.map { " id=\"\($0)\"" } ?? "")>\(HTMLEscape.text(text))</label>"
        }
        if control.kind == .checkbox {
          html += "<div class=\"pf-check\">\(input)>\(labelTag ?? "")</div>\n"
        } else {
          if let labelTag { html += labelTag + "\n" }
          let accessible =
            labelTag == nil ? " aria-label=\"\(HTMLEscape.text(properties.text("placeholder") ?? planned.key))\"" : ""
          html += "\(input)\(accessible)>\n"
          if control.kind == .select { html += Self.options(control) + "</select>\n" }
          if !list.isEmpty {
            html += "<datalist id=\"pf-l\(number)\">"
            html += control.suggestions.map { "<option value=\"\(HTMLEscape.text($0))\">" }.joined() + "</datalist>\n"
          }
          if control.kind == .range {
            // The slider's value, which the script keeps up to date.
            html += "<output class=\"pf-value\" id=\"pf-n\(number)\" for=\"\(id)\"></output>\n"
          }
        }
      }
      html += "<output class=\"pf-error\" id=\"pf-e\(number)\" for=\"\(id)\"></output>\n"
    }

    /// A select's options, the initial value's selected.
    private static func options(_ control: HTMLControl) -> String {
      control.options.map { option in
        let selected = option.value == control.checkedOption ? " selected" : ""
        let value = HTMLEscape.text(option.value)
        return "<option value=\"\(value)\"\(selected)>\(HTMLEscape.text(option.label))</option>\n"
      }.joined()
    }

    /// ` name="value"` for each attribute, ` name` for a boolean one.
    private static func attributes(_ attributes: [(name: String, value: String?)]) -> String {
      attributes.map { attribute in
        attribute.value.map { " \(attribute.name)=\"\(HTMLEscape.text($0))\"" } ?? " \(attribute.name)"
      }.joined()
    }
  }
}
