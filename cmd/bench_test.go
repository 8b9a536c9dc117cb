package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atril-scrabble/atril/engine/bench"
)

// TestBenchJSON measures two figures on the shipped default lexicon's built-in positions.
func TestBenchJSON(t *testing.T) {
	t.Parallel()
	out, errOut, code := runEngineCmd(t, nil, "bench", "--count", "2", "--runs", "2", "--seconds", "0.001",
		"--figures", "topeq,selfplay", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep bench.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if rep.Positions != 2 || rep.Runs != 2 || len(rep.Results) != 2 || rep.Results[0].Figure != bench.TopEquity ||
		rep.Results[1].Figure != bench.SelfPlay || rep.Results[1].Unit != "games_per_cpu_second" {
		t.Fatalf("report %+v", rep)
	}
	for _, r := range rep.Results {
		if len(r.Atril.Runs) != 2 || !(r.Atril.Median > 0) {
			t.Errorf("%s: %+v", r.Figure, r.Atril)
		}
	}
}

// TestBenchDrivers: a driver's figures and ratios in the table, in both languages; a driver
// that fails names itself.
func TestBenchDrivers(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	drv := filepath.Join(dir, "macondo-driver")
	if err := os.WriteFile(drv, []byte("#!/bin/sh\ncase $1 in topeq) echo 'topeq 5000';; *) echo \"$1 unsupported\";; esac\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "es"} {
		out, errOut, code := runEngineCmd(t, nil, "bench", "--count", "2", "--runs", "1", "--seconds", "0.001",
			"--figures", "topeq,all", "--macondo", drv, "--lang", lang)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", lang, code, errOut)
		}
		want := []string{"Top play by equity", "All moves", "macondo", "×macondo", "5,000.0", "—", "Ratio:", "1 run of 0.001 s"}
		if lang == "es" {
			want = []string{"Prueba de velocidad", "Mejor jugada por valoración", "Todas las jugadas", "×macondo", "5000,0", "—", "Razón:", "1 medición de 0,001 s"}
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: output lacks %q:\n%s", lang, w, out)
			}
		}
	}
	bad := filepath.Join(dir, "bad-driver")
	if err := os.WriteFile(bad, []byte("#!/bin/sh\necho 'hello'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := runEngineCmd(t, nil, "bench", "--count", "1", "--runs", "1", "--seconds", "0.001", "--figures", "all", "--magpie", bad)
	if code != ExitError || !strings.Contains(errOut, "MAGPIE driver "+bad+", output line 1") {
		t.Errorf("bad driver: exit %d, stderr %q", code, errOut)
	}
}

func TestBenchBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pos := filepath.Join(dir, "p.cgp")
	if err := os.WriteFile(pos, []byte("# positions\nnot a cgp\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		// Flags out of bounds: TestSeamRefusesBadFlags, through the seam. What only the run
		// finds, here.
		{[]string{"--positions", pos}, pos + ":2:"},
		{[]string{"--positions", filepath.Join(dir, "none.cgp")}, "none.cgp"},
	} {
		_, errOut, code := runEngineCmd(t, nil, append([]string{"bench"}, tc.args...)...)
		if code != ExitError || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, errOut, tc.want)
		}
	}
}
