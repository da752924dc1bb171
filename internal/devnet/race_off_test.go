//go:build !race

package devnet_test

const raceDetector = false
