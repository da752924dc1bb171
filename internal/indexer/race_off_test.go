//go:build !race

package indexer_test

// raceDetector: the tests run with -race, which makes every process several times slower.
const raceDetector = false
