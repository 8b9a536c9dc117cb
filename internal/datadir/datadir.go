// Package datadir finds atril's data directory, shared by the lexicon registry and the study
// store, and its cache directory.
//
// It imports nothing of atril's.
package datadir

import (
	"path/filepath"
	"runtime"
)

// Dir is atril's data directory, for lexicons and the study database: $ATRIL_DATA_DIR, else
// $XDG_DATA_HOME/atril, else ~/.local/share/atril; "" when none of these is set. Home is $HOME,
// else the variable os.UserHomeDir reads on systems without HOME (USERPROFILE on Windows), but
// always through getenv so that an injected environment is the whole truth.
func Dir(getenv func(string) string) string {
	if d := getenv("ATRIL_DATA_DIR"); d != "" {
		return d
	}
	if d := getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "atril")
	}
	if h := homeDir(getenv); h != "" {
		return filepath.Join(h, ".local", "share", "atril")
	}
	return ""
}

// CacheDir is where atril keeps what it can make again (a lexicon's learnt morphology):
// $ATRIL_CACHE_DIR, else $XDG_CACHE_HOME/atril, else ~/.cache/atril; "" when none of these is
// set (nothing is cached). Removing it only costs time.
func CacheDir(getenv func(string) string) string {
	if d := getenv("ATRIL_CACHE_DIR"); d != "" {
		return d
	}
	if d := getenv("XDG_CACHE_HOME"); d != "" {
		return filepath.Join(d, "atril")
	}
	if h := homeDir(getenv); h != "" {
		return filepath.Join(h, ".cache", "atril")
	}
	return ""
}

func homeDir(getenv func(string) string) string {
	if h := getenv("HOME"); h != "" {
		return h
	}
	switch runtime.GOOS {
	case "windows":
		return getenv("USERPROFILE")
	case "plan9":
		return getenv("home")
	}
	return ""
}
