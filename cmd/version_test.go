package cmd

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/internal/about"
)

// atril version and atril --version say the same: the version, the commit, Go, the embedded
// lexicon and the default leave table, in either language; --json for scripts.
func TestVersion(t *testing.T) {
	t.Parallel()
	out, errOut, code := runEngineCmd(t, nil, "version")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"atril ", "Commit ", "Go ", runtime.Version(), "Lexicon ", "FISE2-LIBRE (636,624 words, embedded)",
		"Leave table ", "builtin (FISE2-LIBRE): learned values of 1,170,590 leaves"} {
		if !strings.Contains(out, want) {
			t.Errorf("version lacks %q:\n%s", want, out)
		}
	}
	flag, _, code := runEngineCmd(t, nil, "--version")
	if code != 0 || flag != out {
		t.Errorf("--version (exit %d) differs from version:\n%s\n%s", code, flag, out)
	}
	es, _, _ := runEngineCmd(t, nil, "--version", "--lang", "es")
	for _, want := range []string{"Léxico ", "FISE2-LIBRE (636.624 palabras, incluido en atril)", "Tabla de remanentes ", "valores aprendidos de 1.170.590 remanentes"} {
		if !strings.Contains(es, want) {
			t.Errorf("Spanish version lacks %q:\n%s", want, es)
		}
	}
	js, _, code := runEngineCmd(t, nil, "version", "--json")
	var got about.Report
	if err := json.Unmarshal([]byte(js), &got); code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, js)
	}
	if got.Version == "" || got.Go != runtime.Version() || got.Lexicon.Name != "FISE2-LIBRE" || got.Lexicon.Words != 636624 ||
		got.Leaves.Name != "builtin (FISE2-LIBRE)" || got.Leaves.Kind != "klv2" || got.Leaves.Leaves != 1_170_590 || got.Platform != runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("JSON %+v", got)
	}
	if jf, _, _ := runEngineCmd(t, nil, "--version", "--json"); jf != js {
		t.Errorf("--version --json differs:\n%s\n%s", jf, js)
	}
	// Without --version the root command still shows its help.
	help, _, code := runEngineCmd(t, nil)
	if code != 0 || !strings.Contains(help, "Usage:") || !strings.Contains(help, "--version") {
		t.Errorf("atril alone: exit %d\n%s", code, help)
	}
	if _, errOut, code := runEngineCmd(t, nil, "version", "extra"); code != ExitError || errOut == "" {
		t.Errorf("version extra: exit %d %q", code, errOut)
	}
}
