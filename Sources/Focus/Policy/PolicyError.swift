public import TOMLReading

/// Why a policy file could not be loaded, with the file and line at fault: the error every
/// TOML file Rondo reads fails with.
public typealias PolicyError = TOMLFileError
