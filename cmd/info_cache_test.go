package cmd

import (
	"os"
	"path/filepath"
	"testing"
)

// `atril info` keeps the lexicon's morphology in the cache directory: the first run writes
// it, the next gives the same answer from it; without a cache directory nothing is written.
func TestInfoCachesMorphology(t *testing.T) {
	t.Parallel()
	lex := engineTestLexicon(t, "CANTAR", "CANTO", "CANTA", "CANTAS", "CANTAMOS", "CANTAN", "CANTABA", "CANTADO",
		"SALTAR", "SALTO", "SALTA", "SALTAS", "SALTAMOS", "SALTAN", "SALTABA", "SALTADO", "PERRO", "PERROS", "PERRA")
	cache := t.TempDir()
	env := map[string]string{"ATRIL_CACHE_DIR": cache}
	first, errOut, code := runEngineCmd(t, env, "info", "CANTABA", "--lexicon", lex, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "morph", "morph-*.gob"))
	if len(files) != 1 {
		t.Fatalf("cache files %v, want one", files)
	}
	before, _ := os.Stat(files[0])
	second, _, code := runEngineCmd(t, env, "info", "CANTABA", "--lexicon", lex, "--json")
	if code != 0 || second != first {
		t.Errorf("second run: exit %d\n%s\nfirst:\n%s", code, second, first)
	}
	if after, err := os.Stat(files[0]); err != nil || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the cache file was written again: %v", err)
	}
	// No cache directory (no ATRIL_CACHE_DIR, XDG_CACHE_HOME or HOME): the same answer, no file.
	if third, _, _ := runEngineCmd(t, nil, "info", "CANTABA", "--lexicon", lex, "--json"); third != first {
		t.Errorf("without a cache: %s", third)
	}
}
