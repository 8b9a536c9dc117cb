package cmd

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/atril-scrabble/atril/internal/i18n"
)

// explainArgs makes every command's wrong-argument-count error say, in the reader's language,
// what the command expected (the arguments of its Use line) and where to read more, instead of
// cobra's count of arguments. A validator's own errors (deck's) are kept as they are.
func explainArgs(c *cobra.Command) {
	for _, sub := range c.Commands() {
		explainArgs(sub)
	}
	if c.Args == nil {
		return
	}
	validate := c.Args
	c.Args = func(c *cobra.Command, args []string) error {
		return argsError(c, args, validate(c, args))
	}
}

// argsError is err, cobra's error about the number of c's arguments, said as explainArgs
// does; any other error is returned as it is.
func argsError(c *cobra.Command, args []string, err error) error {
	if err == nil {
		return nil
	}
	var e error
	msg := err.Error()
	if m := argCountRE.FindStringSubmatch(msg); m != nil {
		want, _ := strconv.Atoi(m[2])
		tooFew := false
		switch m[1] {
		case "accepts", "accepts between":
			tooFew = len(args) < want
		case "requires at least":
			tooFew = true
		}
		switch {
		case tooFew:
			e = i18n.E("help.args_few", "Want", useArgs(c))
		case m[1] == "accepts" && want == 0:
			e = i18n.E("help.args_none", "Got", quoteArgs(args))
		default:
			e = i18n.E("help.args_many", "Want", useArgs(c), "Got", quoteArgs(args))
		}
	} else if unknownCommandRE.MatchString(msg) && !c.HasSubCommands() {
		// cobra.NoArgs calls an argument of a command without subcommands an unknown command.
		e = i18n.E("help.args_none", "Got", quoteArgs(args))
	} else {
		return err
	}
	return withCode(ExitError, i18n.Wrap(e, "root.see_help", "Command", c.CommandPath()))
}

// useArgs is the arguments part of c's Use line: "RACK" of "anagram RACK", "[NAME|PATH.kwg]"
// of "info [NAME|PATH.kwg]", up to the first flag.
func useArgs(c *cobra.Command) string {
	fields := strings.Fields(c.Use)
	var out []string
	for _, f := range fields[min(1, len(fields)):] {
		if strings.HasPrefix(strings.TrimLeft(f, "[("), "-") || f == "|" {
			break
		}
		out = append(out, f)
	}
	return strings.Join(out, " ")
}

// quoteArgs is the arguments given, each quoted: "a" "b".
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = strconv.Quote(a)
	}
	return strings.Join(q, " ")
}
