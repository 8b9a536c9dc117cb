// Package layers holds no code: its test checks the import rules that ARCHITECTURE.md draws
// (data flows one way, no arrow runs back up), so that a new import that breaks them fails
// `go test ./...` instead of waiting for a review. It must not be imported.
package layers
