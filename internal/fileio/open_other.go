//go:build !unix

package fileio

import "os"

func openNoWait(path string) (*os.File, error) { return os.Open(path) }
