extension FormModel {
  /// The form views (the views with `?`) in spec order, each with its field: the order the validation plan
  /// numbers its fields in, so element N here is field N there.
  var formViews: [(view: FormView, field: FormField)] {
    cells.flatMap { cell in cell.views.compactMap { view in view.field.map { (view, $0) } } }
  }
}
