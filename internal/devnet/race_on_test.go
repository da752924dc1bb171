//go:build race

package devnet_test

// raceDetector: the tests run with -race, which makes signing and executing
// transactions several times slower.
const raceDetector = true
