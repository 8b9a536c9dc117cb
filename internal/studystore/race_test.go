//go:build race

package studystore_test

// raceEnabled: the race detector slows SQLite several times; long tests use less data.
const raceEnabled = true
