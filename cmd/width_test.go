package cmd

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	xansi "github.com/charmbracelet/x/ansi"
)

// The reports and lists a player reads on a terminal fit 80 columns in both languages, with
// colour and with NO_COLOR, and never show Markdown markers; moves, score, deck list and
// drill --list have tests of their own.
func TestReportsReadAt80Columns(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	kwg := seedStatsAnswers(t, db, 40)
	ansi := regexp.MustCompile(`\x1b\[[0-9;]*m`)
	for _, args := range [][]string{
		{"stats"},
		{"stats", "weak", "--limit", "5"},
		{"today"},
		{"search", "length:8 top:40 order:prob"},
		{"search", "contains:ÑRR length:7-", "--lexicon", "FISE2-LIBRE"},
		{"anagram", "AEIRST?"},
		{"lexicon", "list"},
		{"leaves", "show", "--top", "3"},
		{"version"},
	} {
		for _, lang := range []string{"en", "es"} {
			for _, env := range []map[string]string{{}, {"NO_COLOR": "1"}} {
				var out, errb bytes.Buffer
				full := append([]string{"--db", db, "--lang", lang}, args...)
				if args[0] == "stats" || args[0] == "today" {
					full = append(full, "--lexicon", kwg)
				}
				code := Run(&IO{In: strings.NewReader(""), Out: &out, Err: &errb, Now: func() time.Time { return day1 },
					OutTTY: true, Width: 80, Getenv: func(k string) string { return env[k] }}, full)
				what := strings.Join(args, " ") + " (" + lang + ", NO_COLOR=" + env["NO_COLOR"] + ")"
				if code != 0 {
					t.Errorf("%s: exit %d %s", what, code, errb.String())
					continue
				}
				if env["NO_COLOR"] != "" && ansi.MatchString(out.String()) {
					t.Errorf("%s: colour under NO_COLOR", what)
				}
				plain := ansi.ReplaceAllString(out.String(), "")
				if strings.TrimSpace(plain) == "" {
					t.Errorf("%s: printed nothing", what)
				}
				for _, marker := range []string{"| ", "**", "## ", "--:"} {
					if strings.Contains(plain, marker) {
						t.Errorf("%s: Markdown marker %q:\n%s", what, marker, plain)
					}
				}
				for _, line := range strings.Split(plain, "\n") {
					if w := xansi.StringWidth(line); w > 80 {
						t.Errorf("%s: a line of %d columns: %q", what, w, line)
					}
				}
			}
		}
	}
}
