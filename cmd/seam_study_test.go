package cmd

import "testing"

// puzzle answer reads the puzzle's id and the move (an exchange's leading minus included, a
// global flag anywhere) before the run; a bad id or a missing move never runs it.
func TestSeamPuzzleAnswer(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		id   int64
		move string
	}{
		{[]string{"answer", "12", "8H", "CASA"}, 12, "8H CASA"},
		{[]string{"answer", "3", "-[CH]DFQSY"}, 3, "-[CH]DFQSY"},
		{[]string{"answer", "--json", "7", "H8 CA(SA)"}, 7, "H8 CA(SA)"},
		{[]string{"answer", "7", "cambio", "ÑQ", "--lang", "es"}, 7, "cambio ÑQ"},
	} {
		o, code, e := seamOptions(t, newPuzzleAnswerCmd, tc.args...)
		if code != 0 || o == nil || o.ID != tc.id || o.Move != tc.move {
			t.Errorf("%q: exit %d %q, options %+v", tc.args, code, e, o)
		}
	}
	for _, args := range [][]string{{"answer", "x", "8H", "CASA"}, {"answer", "0", "paso"}, {"answer", "12"}} {
		if o, code, _ := seamOptions(t, newPuzzleAnswerCmd, args...); code != ExitError || o != nil {
			t.Errorf("%q: exit %d, ran %v", args, code, o != nil)
		}
	}
}

// today takes no arguments; its run is replaced, so no study database is opened.
func TestSeamToday(t *testing.T) {
	t.Parallel()
	if o, code, e := seamOptions(t, newTodayCmdWith, "today"); code != 0 || o == nil {
		t.Errorf("today: exit %d %q, ran %v", code, e, o != nil)
	}
	if o, code, _ := seamOptions(t, newTodayCmdWith, "today", "tomorrow"); code != ExitError || o != nil {
		t.Errorf("today tomorrow: exit %d, ran %v", code, o != nil)
	}
}
