extension CompiledForm {
  /// Validates NDJSON held in memory as `validateNDJSON(_:options:jobs:)` does, one line after another on
  /// the calling task, with the host `checks` run on each record that passes the spec and their failures
  /// merged into its line (`applyingHostChecks`); the summary counts the failures by validator.
  ///
  /// Throws `NDJSONError.options` for options that do not fit the form, and the `HostCheckError` of the
  /// first record whose checks gave no verdict: the lines already validated are not answered either.
  package func validateNDJSON(_ input: [UInt8], options: ValidationOptions, hostChecks checks: [HostCheck])
    async throws -> (output: [UInt8], summary: NDJSONSummary)
  {
    let plan = self.plan
    let run = try plan.runOptions(options, or: NDJSONError.options)
    // The library's engines leave the `id` member out of their plans (it shapes no result): with an `id` key,
    // engines of their own for this input.
    let engines = run.idKey == nil ? engines(for: run) : RecordEnginePool(plan, run: run)
    let output = ByteBuffer(capacity: input.count + input.count / 2 + 64)
    var summary = NDJSONSummary()
    var start = 0
    var number = 0
    // One record per line; a final line feed starts none.
    while start < input.count {
      let end = input[start...].firstIndex(of: 0x0A) ?? input.count
      number += 1
      defer { start = end + 1 }
      if end - start > Self.ndjsonLineLimit {
        RecordLine.writeError(
          RecordEngine.overlongMessage(Self.ndjsonLineLimit), number: number, withID: run.idKey != nil, into: output)
        summary.add(.malformed)
        continue
      }
      // The spec's verdict on the kernel; a line that holds no record gets the reader's error.
      guard let outcome = input[start..<end].withUnsafeBytes({ engines.run($0, reporting: false) }) else {
        input[start..<end].withUnsafeBytes {
          RecordLine.writeError(of: $0, number: number, plan: plan, withID: run.idKey != nil, into: output)
        }
        summary.add(.malformed)
        continue
      }
      let record = RecordLine.Record(bytes: Array(input[start..<end]), id: outcome.id)
      let result = try await applyingHostChecks(checks, to: outcome.result, options: options)
      RecordLine.write(result, of: record, number: number, run: run, into: output)
      summary.add(result.isValid ? .valid : .invalid)
      for failure in result.failures { summary.failures[failure.validator, default: 0] += 1 }
    }
    return (Array(output.bytes), summary)
  }
}
