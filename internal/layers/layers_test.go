package layers

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/atril-scrabble/atril/"

// rules are ARCHITECTURE.md's layers as import rules: a package under a prefix (a directory
// and everything below it) must not depend, directly or not, on a package under any of the
// forbidden prefixes. "data" is data/ and below, never a package that merely starts so.
var rules = []struct {
	under  string
	except []string // packages under `under` the rule does not cover
	must   []string // forbidden prefixes
}{
	// The front ends: only the binary imports the commands; the web interface never does.
	{under: "internal/web", must: []string{"cmd"}},
	// Nothing below the front ends imports them.
	{under: "stats", must: []string{"cmd", "internal/web"}},
	{under: "puzzles", must: []string{"cmd", "internal/web", "stats", "drills"}},
	{under: "drills", must: []string{"cmd", "internal/web", "stats"}},
	// The version report reads the lexicon and the engine's leave table, nothing above them.
	{under: "internal/about", must: []string{"cmd", "internal/web", "stats", "drills", "puzzles", "internal/studystore"}},
	// The word drills are about a lexicon: no engine, no puzzles (the game against atril,
	// drills/play, is a training activity on the engine and may).
	{under: "drills", except: []string{"drills/play"}, must: []string{"engine", "puzzles"}},
	// The engine is below every training activity and the study store.
	{under: "engine", must: []string{"cmd", "internal/web", "stats", "drills", "puzzles", "internal/studystore"}},
	// The lexicon is below the engine.
	{under: "lexicon", must: []string{"cmd", "internal/web", "stats", "drills", "puzzles", "engine", "internal/studystore"}},
	// Embedded assets import nothing of atril's.
	{under: "data", must: []string{"cmd", "internal", "stats", "drills", "puzzles", "engine", "lexicon"}},
	// The store keeps identifiers, not domain types; settings and files are below everything.
	{under: "internal/studystore", must: []string{"cmd", "internal/web", "stats", "drills", "puzzles", "engine", "lexicon"}},
	{under: "internal/settings", must: []string{"cmd", "internal/web", "stats", "drills", "puzzles", "engine", "lexicon", "internal/studystore"}},
	{under: "internal/fileio", must: []string{"cmd", "internal/web", "stats", "drills", "puzzles", "engine", "lexicon", "internal/studystore"}},
	{under: "internal/ui", must: []string{"cmd", "internal/web", "stats", "drills", "puzzles", "engine", "lexicon", "internal/studystore"}},
	{under: "internal/i18n", must: []string{"cmd", "internal/web", "stats", "drills", "puzzles", "engine", "lexicon", "internal/studystore"}},
	{under: "internal/srs", must: []string{"cmd", "internal/web", "stats", "drills", "puzzles", "engine", "lexicon", "internal/studystore"}},
	// Leaf packages import nothing of atril's at all.
	{under: "internal/interval", must: []string{""}},
	{under: "internal/num", must: []string{""}},
	{under: "internal/datadir", must: []string{""}},
	{under: "internal/testproc", must: []string{""}},
	{under: "puzzles/puzzletag", must: []string{"cmd", "internal/web", "stats", "drills", "engine", "lexicon", "internal/studystore"}},
}

// under says whether package path p (module-relative) is prefix or below it.
func under(p, prefix string) bool {
	return prefix == "" || p == prefix || strings.HasPrefix(p, prefix+"/")
}

type pkg struct {
	ImportPath string
	Deps       []string
}

// packages lists the module's packages with their dependencies, direct or not (go list).
func packages(t *testing.T) []pkg {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list packages with")
	}
	cmd := exec.Command(goBin, "list", "-deps=false", "-json=ImportPath,Deps", module+"...")
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatal(err)
	}
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// violations are the dependencies of pkgs that break a rule, and how many package rules were
// checked.
func violations(pkgs []pkg) (bad []string, checked int) {
	for _, p := range pkgs {
		rel, ok := strings.CutPrefix(p.ImportPath, module)
		if !ok {
			continue
		}
		for _, d := range p.Deps {
			// Only the binary imports the commands.
			if d == module+"cmd" && rel != "cmd/atril" {
				bad = append(bad, rel+" imports cmd: only cmd/atril may")
			}
		}
		for _, r := range rules {
			if !under(rel, r.under) {
				continue
			}
			skip := false
			for _, e := range r.except {
				skip = skip || under(rel, e)
			}
			if skip {
				continue
			}
			checked++
			for _, d := range p.Deps {
				drel, ok := strings.CutPrefix(d, module)
				if !ok {
					continue
				}
				for _, f := range r.must {
					if under(drel, f) {
						bad = append(bad, fmt.Sprintf("%s depends on %s: %s must not import %q", rel, drel, r.under, f))
					}
				}
			}
		}
	}
	return bad, checked
}

func TestImportRules(t *testing.T) {
	t.Parallel()
	pkgs := packages(t)
	if len(pkgs) < 30 {
		t.Fatalf("go list found %d packages: the module's packages were not listed", len(pkgs))
	}
	bad, checked := violations(pkgs)
	for _, b := range bad {
		t.Error(b + " (ARCHITECTURE.md)")
	}
	if checked < 30 {
		t.Errorf("only %d package rules checked: the rules' prefixes match no packages", checked)
	}
}

// The rules catch what breaks them, and only that.
func TestImportRulesCatch(t *testing.T) {
	t.Parallel()
	pkgs := []pkg{
		{ImportPath: module + "engine/movegen", Deps: []string{module + "lexicon", module + "puzzles/puzzletag"}},
		{ImportPath: module + "lexicon/morph", Deps: []string{module + "lexicon", module + "internal/i18n", "fmt"}},
		{ImportPath: module + "drills/play", Deps: []string{module + "engine", module + "puzzles"}},
		{ImportPath: module + "drills", Deps: []string{module + "engine/movegen"}},
		{ImportPath: module + "stats", Deps: []string{module + "cmd"}},
		{ImportPath: module + "internal/interval", Deps: []string{module + "internal/i18n"}},
	}
	bad, _ := violations(pkgs)
	want := []string{
		"engine/movegen depends on puzzles/puzzletag",
		"drills depends on engine/movegen",
		"stats imports cmd",
		"stats depends on cmd",
		"internal/interval depends on internal/i18n",
	}
	if len(bad) != len(want) {
		t.Errorf("violations %q, want %d", bad, len(want))
	}
	for _, w := range want {
		found := false
		for _, b := range bad {
			found = found || strings.HasPrefix(b, w)
		}
		if !found {
			t.Errorf("%q not reported among %q", w, bad)
		}
	}
	for _, tc := range []struct {
		p, prefix string
		want      bool
	}{
		{"engine/movegen", "engine", true},
		{"engine", "engine", true},
		{"engineer", "engine", false},
		{"internal/webx", "internal/web", false},
		{"lexicon", "", true},
	} {
		if got := under(tc.p, tc.prefix); got != tc.want {
			t.Errorf("under(%q, %q) = %v, want %v", tc.p, tc.prefix, got, tc.want)
		}
	}
}
