// swift-tools-version: 6.0
import PackageDescription

/// The upcoming language features Hummingbird builds with, on for every target: `any` spelled out,
/// imports internal unless marked `public`, and members visible only from modules a file imports.
let upcomingFeatures: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// Whether to leave the Vapor target, its tests and its benchmark server out of the package.
///
/// `PUREFORM_WITHOUT_VAPOR=1` does: the fuzz targets' builds (scripts/fuzz_targets.sh) set it, so they do not resolve
/// and compile Vapor and its dependencies; the normal build and `make test` build and test it. `make release` builds
/// the `pureform` product alone, which never needs Vapor.
let withoutVapor = Context.environment["PUREFORM_WITHOUT_VAPOR"] == "1"

/// The targets a sanitizer build of `make test-sanitizers` (CI) keeps, by `PUREFORM_SCOPE`; unset keeps every target.
///
/// Each sanitizer compiles what it keeps once more, on a 2-core CI machine, so both keep the code they are for:
/// `library`, the library (its byte readers and rule kernel over unsafe buffers, its pools and pipeline of
/// threads, a spec read on a second thread) and its tests, without the servers, the CLI, the language server,
/// the fuzz targets, the benchmarks and Vapor, which `make test` builds and tests.
let scope: Set<String>? = Context.environment["PUREFORM_SCOPE"].map { name in
  guard name == "library" else { fatalError("PUREFORM_SCOPE is library, not '\(name)'") }
  return ["CPCRE2", "PureForm", "PureFormInvariants", "PureFormTests"]
}

let package = Package(
  name: "pureform",
  products: [
    .library(name: "PureForm", targets: ["PureForm"]),
    .library(name: "PureFormHTTP", targets: ["PureFormHTTP"]),
    .library(name: "PureFormHummingbird", targets: ["PureFormHummingbird"]),
    .library(name: "PureFormOpenAPI", targets: ["PureFormOpenAPI"]),
    .executable(name: "pureform", targets: ["PureFormCLI"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
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
    // The invariants the fuzz targets assert, outside the library users link: they reach its internals
    // through `package` access.
    .target(
      name: "PureFormInvariants",
      dependencies: ["PureForm"]
    ),
    // The OpenAPI 3.1 document of the served routes (`pureform openapi`, `GET /openapi.json`): no server code,
    // and outside the library, which has no HTTP in it.
    .target(
      name: "PureFormOpenAPI",
      dependencies: ["PureForm"]
    ),
    // What every server of the forms shares, with no server framework in it: the routes' answers (status,
    // content type, body), the request bodies read and validated, the query options and the JSON errors.
    .target(
      name: "PureFormHTTP",
      dependencies: [
        "PureForm",
        "PureFormOpenAPI",
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ]
    ),
    // The forms as HTTP routes an existing Hummingbird application mounts; above the library, never in it.
    .target(
      name: "PureFormHummingbird",
      dependencies: [
        "PureForm",
        "PureFormHTTP",
        "PureFormOpenAPI",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
      ]
    ),
    // `pureform lsp`: the Language Server Protocol server, its JSON-RPC framing written by hand (no LSP package
    // is mirrored here).
    .target(
      name: "PureFormLSP",
      dependencies: ["PureForm"]
    ),
    .executableTarget(
      name: "PureFormCLI",
      dependencies: [
        "PureForm",
        "PureFormLSP",
        "PureFormHummingbird",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Fuzz targets: libFuzzer entry points when built with scripts/fuzz.sh (-DFUZZING), corpus replayers
    // otherwise, so `make test` runs the seed corpus and every past crash through the same invariants.
    .executableTarget(
      name: "FuzzJSONReader", dependencies: ["PureForm", "PureFormInvariants"], path: "Fuzz/FuzzJSONReader"),
    .executableTarget(name: "FuzzCheck", dependencies: ["PureForm", "PureFormInvariants"], path: "Fuzz/FuzzCheck"),
    .executableTarget(
      name: "FuzzValidate", dependencies: ["PureForm", "PureFormInvariants"], path: "Fuzz/FuzzValidate"),
    .executableTarget(
      name: "FuzzRecordIO", dependencies: ["PureForm", "PureFormInvariants"], path: "Fuzz/FuzzRecordIO"),
    .executableTarget(
      name: "FuzzStrings", dependencies: ["PureForm", "PureFormInvariants"], path: "Fuzz/FuzzStrings"),
    // In-process library throughput (ns/record over lines already in memory), and one record on the
    // server's body path (PureFormHummingbird), run by `make bench`.
    .executableTarget(
      name: "PureFormBench",
      dependencies: ["PureForm", "PureFormHummingbird", .product(name: "NIOCore", package: "swift-nio")],
      path: "Benchmarks/PureFormBench"
    ),
    .testTarget(
      name: "PureFormTests",
      dependencies: ["PureForm", "PureFormInvariants"]
    ),
    // The types `pureform generate swift` writes for every example spec (Generated/), compiled with the
    // package and decoding the sample inputs' values.
    .testTarget(
      name: "PureFormGeneratedTests",
      dependencies: ["PureForm"]
    ),
    .testTarget(
      name: "PureFormCLITests",
      dependencies: ["PureFormCLI"]
    ),
    // What the server test suites share: the example specs compiled once and the signup form's host check.
    .target(
      name: "ServerTestSupport",
      dependencies: ["PureForm", "PureFormHTTP"],
      path: "Tests/ServerTestSupport"
    ),
    .testTarget(
      name: "PureFormHummingbirdTests",
      dependencies: [
        "PureForm",
        "PureFormHummingbird",
        "ServerTestSupport",
        "PureFormOpenAPI",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

if !withoutVapor && scope == nil {
  package.products.append(.library(name: "PureFormVapor", targets: ["PureFormVapor"]))
  package.dependencies.append(.package(url: "https://github.com/vapor/vapor.git", from: "4.122.3"))
  package.targets += [
    // The forms as routes of a Vapor 4 application: the same answers as PureFormHummingbird's, byte for byte.
    .target(
      name: "PureFormVapor",
      dependencies: [
        "PureForm",
        "PureFormHTTP",
        .product(name: "Vapor", package: "vapor"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
    // A Vapor server of a folder of specs, for `make bench-serve`'s Vapor row.
    .executableTarget(
      name: "VaporFormServer",
      dependencies: ["PureFormHTTP", "PureFormVapor", .product(name: "Vapor", package: "vapor")],
      path: "Benchmarks/VaporFormServer"
    ),
    .testTarget(
      name: "PureFormVaporTests",
      dependencies: [
        "PureForm",
        "PureFormHTTP",
        "PureFormHummingbird",
        "PureFormVapor",
        "ServerTestSupport",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "Vapor", package: "vapor"),
        .product(name: "VaporTesting", package: "vapor"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]
    ),
  ]
}

if let scope {
  package.targets.removeAll { !scope.contains($0.name) }
  package.products.removeAll { !scope.contains($0.name) }
}

for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}
