extension CompiledForm {
  /// A JSON Schema (draft 2020-12) of the records this form accepts, as JSON text indented by two spaces.
  ///
  /// Every record `validate` says is valid passes the schema. Where JSON Schema cannot say a rule exactly
  /// (`equal_next` / `equal_previous`, UTF-16 lengths beyond the Basic Multilingual Plane, PCRE2 syntax that
  /// ECMA-262 lacks, number text compared as a number, validators and transformers registered in code), the
  /// schema is looser and a `$comment` at that spot says so. Fields take `title` from their cell's label and
  /// `description` from their placeholder, `*` texts resolved through the strings table the form was
  /// compiled with. Keys come in a fixed order, so the same spec and options always give the same text.
  ///
  /// ```swift
  /// let spec = #"[{"<C + I>": {"f?": {"<key>": "nick", "<validators>": {"required": true}}}}]"#
  /// let schema = FormCompiler.compile(string: spec).form?.jsonSchema()
  /// // {"$schema": "https://json-schema.org/draft/2020-12/schema", …, "properties": {"nick": {"anyOf":
  /// //   [{"type": ["number", "boolean"]}, {"type": "string", "minLength": 1}]}}, "required": ["nick"]}
  /// ```
  public func jsonSchema() -> String {
    jsonSchemaValue().rendered(pretty: true)
  }

  /// The schema of `jsonSchema()` as a value, for documents that embed it (the OpenAPI document of
  /// `pureform openapi`).
  package func jsonSchemaValue() -> OutputJSON {
    SchemaEmitter.document(model: model, plan: plan, sources: sources, strings: options.strings)
  }
}

extension CompiledForm {
  /// The JSON Schema of the records that pass field `key` alone (`validate --field KEY`).
  ///
  /// That field's rules, every other key free; nil when no field has that key. For the OpenAPI document's
  /// field routes.
  package func fieldSchemaValue(key: String) -> OutputJSON? {
    FieldRecordSchema.document(model: model, plan: plan, key: key)
  }
}
