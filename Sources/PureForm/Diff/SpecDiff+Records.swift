public import Foundation

extension SpecDiff {
  /// Validates every NDJSON record of `input` under `old` and `new` in one pass, with `jobs` threads, and
  /// attributes the newly failing ones to `changes` (from `changes(from:to:)`).
  ///
  /// Every line is a record, as `CompiledForm.validateNDJSON` reads them; the lines that are not a JSON object
  /// are listed in the report's `malformed`. The report is the same for every `jobs`.
  ///
  /// - Parameters:
  ///   - input: Read to its end (a file, a pipe, standard input).
  ///   - file: The name the report gives the input.
  ///   - idKey: The member whose value, as sent, is a record's sample; nil samples line numbers.
  public static func records(
    reading input: FileHandle, named file: String, from old: CompiledForm, to new: CompiledForm,
    changes: [SpecChange], idKey: String? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws(NDJSONError) -> RecordDiffReport {
    try RecordDiffPass(old: old, new: new, changes: changes, idKey: idKey, jobs: jobs).run(
      source: FileDescriptorSource(descriptor: input.fileDescriptor), file: file)
  }

  /// `records(reading:named:from:to:changes:idKey:jobs:)` over NDJSON held in memory.
  public static func records<Bytes: Collection<UInt8>>(
    _ input: Bytes, named file: String, from old: CompiledForm, to new: CompiledForm, changes: [SpecChange],
    idKey: String? = nil, jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws(NDJSONError) -> RecordDiffReport {
    try RecordDiffPass(old: old, new: new, changes: changes, idKey: idKey, jobs: jobs).run(
      source: MemorySource(input as? [UInt8] ?? Array(input)), file: file)
  }
}
