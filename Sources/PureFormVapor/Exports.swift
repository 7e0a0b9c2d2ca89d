// What the routes share with every server of the forms (`FormCatalog`, `FormDirectory`, `ReloadableCatalog`,
// `RecordBodyValidator`, `FormServiceError`, `FormService`, …) lives in PureFormHTTP; an application that
// imports PureFormVapor gets it too, as one that imports PureFormHummingbird does.
@_exported public import PureFormHTTP
