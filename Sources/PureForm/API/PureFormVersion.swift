/// The version of pureform, defined here only: `pureform --version` prints it (ArgumentParser's
/// `version:` in `PureFormCommand`), and a future `serve` command's health and metrics endpoints are to
/// report this same constant rather than a copy.
public let pureFormVersion = "0.1.0"
