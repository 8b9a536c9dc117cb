package cmd

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// pflag takes the first back-quoted word of a flag's usage as its value name ("--deck atril
// deck list" in help); every flag's value name must be one word.
func TestFlagValueNamesAreOneWord(t *testing.T) {
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
