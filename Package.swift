// swift-tools-version: 6.0
import PackageDescription

/// Set to true once `CompiledForm.validate(json:)` exists: PureFormBench then times it per record
/// (until then it prints that the library validation benchmark is not available yet).
let benchTimesValidate = false

let package = Package(
  name: "pureform",
  products: [
    .library(name: "PureForm", targets: ["PureForm"]),
    .executable(name: "pureform", targets: ["PureFormCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .systemLibrary(
      name: "CPCRE2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"])]
    ),
    .target(
      name: "PureForm",
      dependencies: ["CPCRE2"]
    ),
    .executableTarget(
      name: "PureFormCLI",
      dependencies: [
        "PureForm",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // In-process library throughput, run by `make bench` (see `benchTimesValidate` above).
    .executableTarget(
      name: "PureFormBench",
      dependencies: ["PureForm"],
      path: "Benchmarks/PureFormBench",
      swiftSettings: benchTimesValidate ? [.define("PUREFORM_HAS_VALIDATE")] : []
    ),
    .testTarget(
      name: "PureFormTests",
      dependencies: ["PureForm"]
    ),
    .testTarget(
      name: "PureFormCLITests",
      dependencies: ["PureFormCLI"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
