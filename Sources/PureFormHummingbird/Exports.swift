// What the routes share with every server of the forms (`FormCatalog`, `FormDirectory`, `ReloadableCatalog`,
// `RecordBodyValidator`, `FormServiceError`, …) lives in PureFormHTTP; an application that imports
// PureFormHummingbird gets it too, as it did when these types were declared here.
@_exported public import PureFormHTTP
