package cmd

import (
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// pflag takes the first back-quoted word of a flag's usage as its value name ("--deck atril
// deck list" in help); every flag's value name must be one word.
func TestFlagValueNamesAreOneWord(t *testing.T) {
	t.Parallel()
	root := NewRootCmd(&IO{In: strings.NewReader(""), Out: &strings.Builder{}, Err: &strings.Builder{}})
	flags := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		check := func(f *pflag.Flag) {
			flags++
			name, usage := pflag.UnquoteUsage(f)
			if strings.ContainsAny(name, " \t") {
				t.Errorf("%s --%s: value name %q (usage %q): drop the back quotes", c.CommandPath(), f.Name, name, usage)
			}
		}
		c.LocalFlags().VisitAll(check)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if flags < 50 {
		t.Errorf("only %d flags seen: the walk missed commands", flags)
	}
}

// A command that does not stop cleanly gets no signal handler: the first Ctrl-C kills it, as if
// atril caught nothing (here `lexicon add` blocked reading standard input).
func TestCtrlCKillsOtherCommands(t *testing.T) {
	t.Parallel()
	root := NewRootCmd(&IO{In: strings.NewReader(""), Out: &strings.Builder{}, Err: &strings.Builder{}})
	for args, want := range map[string]bool{
		"--db x.db drill judge --count 3": true, "review": true, "review postpone --days 2": true,
		"selfplay --games 3": true, "lexicon add x -": false, "search length:2": false,
	} {
		c, _, err := root.Find(strings.Split(args, " "))
		if err != nil || stopsOnInterrupt(c) != want {
			t.Errorf("%s: stops cleanly %v (%v), want %v", args, stopsOnInterrupt(c), err, want)
		}
	}
	child, _, out, errOut := startChild(t, "lexicon add x -", "ATRIL_CHILD_DATA_DIR="+t.TempDir())
	errOut.waitFor(t, readingInput) // blocked reading its input: past any signal set-up
	if err := child.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { child.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		child.Process.Kill()
		t.Fatal("lexicon add survived Ctrl-C")
	}
	if ws, ok := child.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGINT {
		t.Errorf("child %v, want killed by SIGINT:\n%s", child.ProcessState, out.String())
	}
}

// Every number flag takes a decimal comma as Spanish writes numbers (--retention 0,85); a
// value that is still not a number is refused.
func TestNumberFlagsTakeADecimalComma(t *testing.T) {
	t.Parallel()
	root := NewRootCmd(&IO{In: strings.NewReader(""), Out: &strings.Builder{}, Err: &strings.Builder{}})
	seen := 0
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Value.Type() != "float64" {
				return
			}
			seen++
			if err := f.Value.Set("0,75"); err != nil || f.Value.String() != "0.75" {
				t.Errorf("%s --%s 0,75: %v, reads %s", c.CommandPath(), f.Name, err, f.Value.String())
			}
			if err := f.Value.Set("9,9,5"); err == nil {
				t.Errorf("%s --%s 9,9,5 taken", c.CommandPath(), f.Name)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	if seen < 3 {
		t.Errorf("only %d number flags seen", seen)
	}
}
