package cmd

import (
	"reflect"
	"testing"
	"time"

	"github.com/atril-scrabble/atril/drills"
)

// Every drill parses its flags into the drill it runs; runF replaces the run, so no lexicon is
// opened, no question is made and no database is touched. Flags a drill checks itself refuse
// before the run.
func TestSeamDrill(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args    []string
		kind    drills.Kind
		flags   drillFlags
		options map[string]any
	}{
		{[]string{"drill", "twos", "--count", "5", "--seed", "3", "--time-limit", "30s", "--by-tile", "--tile", "Ñ"}, drills.KindTwos,
			drillFlags{Count: 5, Seed: 3, TimeLimit: 30 * time.Second}, map[string]any{"by_tile": true, "tiles": []string{"Ñ"}}},
		{[]string{"drill", "anagram"}, drills.KindAnagram,
			drillFlags{Count: 20}, map[string]any{"length": 7, "ranks": "", "blanks": 0}},
		{[]string{"drill", "anagram", "--length", "8", "--ranks", "1-500", "--blanks", "1", "--list", "--lang", "es"}, drills.KindAnagram,
			drillFlags{Count: 20, List: true}, map[string]any{"length": 8, "ranks": "1-500", "blanks": 1}},
		{[]string{"drill", "build", "-n", "0", "--rack", "8", "--min", "4"}, drills.KindBuild,
			drillFlags{}, map[string]any{"rack": 8, "min": 4, "blanks": 0, "max_answers": 30}},
		{[]string{"drill", "digraphs", "--length", "3-4"}, drills.KindDigraphs,
			drillFlags{Count: 20}, map[string]any{"length": "3-4"}},
		{[]string{"drill", "family", "--word", "casa", "--word", "perro", "--nouns"}, drills.KindFamily,
			drillFlags{Count: 20}, map[string]any{"complete": false, "length": 0, "nominal": true, "words": []string{"casa", "perro"}, "forms": drills.DefaultFamilyForms}},
		{[]string{"drill", "hooks", "--deck", "ganchos", "--deck-out", "fallos"}, drills.KindHooks,
			drillFlags{Count: 20, Deck: "ganchos", DeckOut: "fallos"}, map[string]any{"length": "2-4", "ranks": ""}},
		{[]string{"drill", "judge", "--racks", "0.5"}, drills.KindJudge,
			drillFlags{Count: 20}, map[string]any{"length": "2-8", "ranks": "", "racks": 0.5}},
	} {
		d, code, e := seamOptions(t, newDrillCmdWith, tc.args...)
		if code != 0 || d == nil {
			t.Errorf("%q: exit %d %q, ran %v", tc.args, code, e, d != nil)
			continue
		}
		if d.kind != tc.kind || *d.flags != tc.flags || !reflect.DeepEqual(d.options, tc.options) || d.make == nil {
			t.Errorf("%q: kind %v flags %+v options %v; want %v %+v %v", tc.args, d.kind, *d.flags, d.options, tc.kind, tc.flags, tc.options)
		}
	}
	for _, args := range [][]string{
		{"drill", "anagram", "--ranks", "muchas"},
		{"drill", "build", "--max-answers", "-1"},
		{"drill", "hooks", "--length", "cinco"},
		{"drill", "twos", "--count", "x"},
		{"drill", "twos", "de", "más"},
	} {
		if d, code, _ := seamOptions(t, newDrillCmdWith, args...); code != ExitError || d != nil {
			t.Errorf("%q: exit %d, ran %v", args, code, d != nil)
		}
	}
}

// leaves use with a table chooses it, without one says which is chosen; more than one is refused
// before the run, which would open the settings and the table.
func TestSeamLeavesUse(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want leavesUseOptions
	}{
		{[]string{"use"}, leavesUseOptions{}},
		{[]string{"use", "handset"}, leavesUseOptions{Choose: true, Spec: "handset"}},
		{[]string{"use", "--json", "mis hojas.klv2"}, leavesUseOptions{Choose: true, Spec: "mis hojas.klv2"}},
	} {
		if o, code, e := seamOptions(t, newLeavesUseCmd, tc.args...); code != 0 || o == nil || *o != tc.want {
			t.Errorf("%q: exit %d %q, options %+v; want %+v", tc.args, code, e, o, tc.want)
		}
	}
	if o, code, _ := seamOptions(t, newLeavesUseCmd, "use", "builtin", "none"); code != ExitError || o != nil {
		t.Errorf("two tables: exit %d, ran %v", code, o != nil)
	}
}
