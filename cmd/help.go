package cmd

import (
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/atril-scrabble/atril/internal/i18n"
	"github.com/atril-scrabble/atril/internal/ui"
)

// localizeHelp gives the whole tree help in the printer's language: the usage template, the
// help and version flags, and the help command. Commands write their own Short, Long, Example
// and flag usages through the catalogue.
func localizeHelp(root *cobra.Command, p *i18n.Printer) {
	root.SetUsageTemplate(usageTemplate(p))
	root.SetHelpTemplate(`{{with (or .Long .Short)}}{{foldHelp (trimTrailingWhitespaces .) $}}

{{end}}{{if or .Runnable .HasSubCommands}}{{.UsageString}}{{end}}`)
	root.SetHelpCommand(&cobra.Command{
		Use:   p.T("help.help_use"),
		Short: p.T("help.help_short"),
		Long:  p.T("help.help_long"),
		ValidArgsFunction: func(c *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			var names []string
			cmd, _, err := c.Root().Find(args)
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			for _, sub := range cmd.Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					names = append(names, sub.Name())
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(c *cobra.Command, args []string) error {
			cmd, _, err := c.Root().Find(args)
			if cmd == nil || err != nil {
				return withCode(ExitError, i18n.E("help.unknown_topic", "Topic", strings.Join(args, " ")))
			}
			cmd.InitDefaultHelpFlag()
			return cmd.Help()
		},
	})
	root.CompletionOptions.DisableDefaultCmd = true // ours is cmd/completion.go
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		// The flags name their values in the usage line themselves.
		c.DisableFlagsInUseLine = true
		if c.Flags().Lookup("help") == nil {
			c.Flags().BoolP("help", "h", false, p.T("help.help_flag", "Command", c.Name()))
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if _, done := f.Value.(decimalComma); !done && f.Value.Type() == "float64" {
				f.Value = decimalComma{f.Value}
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// decimalComma is a number flag that also takes a decimal comma, as Spanish writes numbers:
// --retention 0,9 is --retention 0.9.
type decimalComma struct{ pflag.Value }

func (d decimalComma) Set(s string) error {
	if strings.Count(s, ",") == 1 && !strings.Contains(s, ".") {
		s = strings.Replace(s, ",", ".", 1)
	}
	return d.Value.Set(s)
}

// usageTemplate is cobra's usage template with its words in the printer's language.
func usageTemplate(p *i18n.Printer) string {
	r := strings.NewReplacer(
		"USAGE", p.T("help.usage"),
		"[FLAGS]", p.T("help.flags_placeholder"),
		"[COMMAND]", p.T("help.command_placeholder"),
		"ALIASES", p.T("help.aliases"),
		"EXAMPLES", p.T("help.examples"),
		"COMMANDS", p.T("help.commands"),
		"LOCALFLAGS", p.T("help.flags"),
		"GLOBALFLAGS", p.T("help.global_flags"),
		"MOREHELP", p.T("help.more", "Command", "{{.CommandPath}}"),
	)
	return r.Replace(`USAGE:{{if .Runnable}}
  {{.UseLine}}{{if .HasAvailableFlags}} [FLAGS]{{end}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} [COMMAND]{{end}}{{if gt (len .Aliases) 0}}

ALIASES:
  {{.NameAndAliases}}{{end}}{{if .HasExample}}

EXAMPLES:
{{.Example}}{{end}}{{if .HasAvailableSubCommands}}

COMMANDS:{{range .Commands}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
  {{rpad .Name .NamePadding }} {{.Short}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

LOCALFLAGS:
{{flagUsages .LocalFlags . | trimTrailingWhitespaces}}{{end}}{{if .HasAvailableInheritedFlags}}

GLOBALFLAGS:
{{flagUsages .InheritedFlags . | trimTrailingWhitespaces}}{{end}}{{if .HasAvailableSubCommands}}

MOREHELP{{end}}
`)
}

func init() {
	// cobra's template functions are process-wide: the language comes from the command's tree.
	cobra.AddTemplateFunc("foldHelp", func(text string, c *cobra.Command) string {
		width, _ := strconv.Atoi(c.Root().Annotations[widthKey])
		return foldLines(text, width)
	})
	cobra.AddTemplateFunc("flagUsages", func(fs *pflag.FlagSet, c *cobra.Command) string {
		width, _ := strconv.Atoi(c.Root().Annotations[widthKey])
		return flagUsages(fs, printerOf(c.Root()), width)
	})
}

// foldLines reflows a help text to width columns (0: none) when a line of it is wider: the
// texts are laid out for about 90 columns, and a narrower terminal would otherwise cut words
// wherever its edge falls. Paragraphs (lines at the margin) are joined and folded; an indented
// item ("  patrón:P        la palabra...") folds its text under its own column, taking in the
// lines that continue it.
func foldLines(text string, width int) string {
	if width <= 0 || !slices.ContainsFunc(strings.Split(text, "\n"), func(l string) bool { return xansi.StringWidth(l) > width }) {
		return text
	}
	type block struct {
		head, body string // an item's key column (with its indent) and its text; a paragraph's text
		item       bool
	}
	var blocks []block
	for _, l := range strings.Split(text, "\n") {
		indent := len(l) - len(strings.TrimLeft(l, " "))
		last := len(blocks) - 1
		switch {
		case strings.TrimSpace(l) == "":
			blocks = append(blocks, block{})
		case indent == 0 && last >= 0 && !blocks[last].item && blocks[last].body != "":
			blocks[last].body += " " + l
		case indent == 0:
			blocks = append(blocks, block{body: l})
		case last >= 0 && blocks[last].item && indent == xansi.StringWidth(blocks[last].head) && indent > 0:
			blocks[last].body += " " + strings.TrimSpace(l)
		default:
			head := l[:indent]
			rest := l[indent:]
			if i := strings.Index(rest, "  "); i > 0 {
				j := i + len(rest[i:]) - len(strings.TrimLeft(rest[i:], " "))
				head, rest = l[:indent+j], rest[j:]
			}
			blocks = append(blocks, block{head: head, body: rest, item: true})
		}
	}
	var out []string
	for _, b := range blocks {
		hang := xansi.StringWidth(b.head)
		if width-hang < 20 {
			hang = 0
		}
		body := (&ui.Term{Mode: ui.Plain, Width: width - hang}).Fold("", b.body)
		pad := strings.Repeat(" ", hang)
		if hang == 0 && b.head != "" {
			body = (&ui.Term{Mode: ui.Plain, Width: width}).Fold("", b.head+b.body)
			out = append(out, body)
			continue
		}
		out = append(out, b.head+strings.ReplaceAll(body, "\n", "\n"+pad))
	}
	return strings.Join(out, "\n")
}

// flagUsages is pflag's FlagUsages with the value of each flag named in the printer's language
// ("--db texto", not "--db string") where its usage names none in `backquotes` itself, folded
// to width columns (0: no folding). The names are ASCII: pflag aligns the usages by bytes.
func flagUsages(fs *pflag.FlagSet, p *i18n.Printer, width int) string {
	const mark = "\x01" // ends the borrowed name in the usage, where pflag repeats it
	named := pflag.NewFlagSet(fs.Name(), pflag.ContinueOnError)
	named.SortFlags = fs.SortFlags
	fs.VisitAll(func(f *pflag.Flag) {
		g := *f
		if name := valueName(p, f); name != "" && !strings.Contains(f.Usage, "`") {
			g.Usage = "`" + name + "`" + mark + f.Usage
		}
		// The default in the reader's words, in the usage itself so that it folds with it;
		// pflag, given a zero default, adds its English "(default X)" no more.
		if zero := zeroDefault(f); f.DefValue != zero && !(f.Value.Type() == "duration" && f.DefValue == "0") {
			value := f.DefValue
			if f.Value.Type() == "string" {
				value = strconv.Quote(value)
			}
			g.Usage += " " + p.T("help.default", "Value", value)
			g.DefValue = zero
		}
		named.AddFlag(&g)
	})
	// On a terminal the usages fold at spaces under their column (pflag counts bytes, so a line
	// with accents comes out a little short, never long); piped, each stays on one line.
	return borrowedNameRE.ReplaceAllString(named.FlagUsagesWrapped(width), "")
}

// borrowedNameRE is a value's name that flagUsages put at the head of a usage, with its mark.
var borrowedNameRE = regexp.MustCompile(`[^\s\x01]+\x01`)

// valueName is the word the help writes after a flag for its value, by the flag's type; ""
// for a switch (bool) and for a type pflag names by itself.
func valueName(p *i18n.Printer, f *pflag.Flag) string {
	switch f.Value.Type() {
	case "string":
		return p.T("help.value.string")
	case "stringSlice":
		return p.T("help.value.strings")
	case "stringArray":
		return p.T("help.value.string_array")
	case "int", "int64", "int32":
		return p.T("help.value.int")
	case "uint", "uint64", "uint32":
		return p.T("help.value.uint")
	case "float64", "float32":
		return p.T("help.value.float")
	case "duration":
		return p.T("help.value.duration")
	}
	return ""
}

// zeroDefault is the default pflag leaves out of a flag's usage, by the flag's type.
func zeroDefault(f *pflag.Flag) string {
	switch f.Value.Type() {
	case "bool":
		return "false"
	case "string":
		return ""
	case "stringSlice", "stringArray", "intSlice", "uintSlice", "float64Slice", "boolSlice", "durationSlice":
		return "[]"
	case "duration":
		return "0s"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "count":
		return "0"
	}
	if f.DefValue == "<nil>" || f.DefValue == "false" || f.DefValue == "" || f.DefValue == "0" {
		return f.DefValue
	}
	return "0"
}

var (
	unknownCommandRE = regexp.MustCompile(`^unknown command "(.*)" for "(.*?)"(?s:(.*))$`)
	argCountRE       = regexp.MustCompile(`^(accepts|requires at least|accepts at most|accepts between) (\d+)(?: and (\d+))? arg\(s\), (?:only )?received (\d+)$`)
	requiredFlagRE   = regexp.MustCompile(`^required flag\(s\) (.*) not set$`)
	exclusiveFlagsRE = regexp.MustCompile(`^if any flags in the group \[(.*)\] are set none of the others can be; \[(.*)\] were all set$`)
	suggestionRE     = regexp.MustCompile(`(?m)^\t(\S+)$`)
)

// cobraError puts the errors cobra and pflag write in English (unknown commands and flags, the
// number of arguments, flag values) into catalogue errors; any other error is returned as it is.
func cobraError(err error) error {
	var (
		notExist *pflag.NotExistError
		required *pflag.ValueRequiredError
		invalid  *pflag.InvalidValueError
		syntax   *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &notExist):
		name := "--" + notExist.GetSpecifiedName()
		if s := notExist.GetSpecifiedShortnames(); s != "" && notExist.GetSpecifiedName() == "" {
			name = "-" + s
		}
		if strings.HasPrefix(err.Error(), "unknown shorthand flag") {
			name = strings.TrimPrefix(strings.SplitN(err.Error(), " in ", 2)[1], "")
		}
		return i18n.E("help.unknown_flag", "Flag", name)
	case errors.As(err, &required):
		return i18n.E("help.flag_needs_value", "Flag", "--"+required.GetFlag().Name)
	case errors.As(err, &invalid):
		return i18n.E("help.bad_flag_value", "Flag", "--"+invalid.GetFlag().Name, "Value", invalid.GetValue(), "Type", flagType(invalid.GetFlag()))
	case errors.As(err, &syntax):
		return i18n.E("help.bad_flag_syntax", "Flag", syntax.GetSpecifiedFlag())
	}
	msg := err.Error()
	if m := unknownCommandRE.FindStringSubmatch(msg); m != nil {
		var sugg []string
		for _, s := range suggestionRE.FindAllStringSubmatch(m[3], -1) {
			sugg = append(sugg, s[1])
		}
		if len(sugg) > 0 {
			return i18n.E("help.unknown_command_suggest", "Name", m[1], "Command", m[2], "Suggestions", strings.Join(sugg, ", "))
		}
		return i18n.E("help.unknown_command", "Name", m[1], "Command", m[2])
	}
	if m := argCountRE.FindStringSubmatch(msg); m != nil {
		switch m[1] {
		case "accepts":
			if m[2] == "0" {
				return i18n.E("help.no_args", "Got", m[4])
			}
			return i18n.E("help.exact_args", "Want", m[2], "Got", m[4])
		case "requires at least":
			return i18n.E("help.min_args", "Want", m[2], "Got", m[4])
		case "accepts at most":
			return i18n.E("help.max_args", "Want", m[2], "Got", m[4])
		case "accepts between":
			return i18n.E("help.range_args", "Min", m[2], "Max", m[3], "Got", m[4])
		}
	}
	if m := requiredFlagRE.FindStringSubmatch(msg); m != nil {
		return i18n.E("help.required_flags", "Flags", strings.ReplaceAll(m[1], `"`, ""))
	}
	if m := exclusiveFlagsRE.FindStringSubmatch(msg); m != nil {
		return i18n.E("help.exclusive_flags", "Flags", m[2])
	}
	return err
}

// flagType says what a flag's value must be, for a message about a bad value.
func flagType(f *pflag.Flag) error {
	switch f.Value.Type() {
	case "int", "int64", "int32", "int16", "int8":
		return i18n.E("help.type.int")
	case "uint", "uint64", "uint32", "uint16", "uint8":
		return i18n.E("help.type.uint")
	case "float64", "float32":
		return i18n.E("help.type.float")
	case "duration":
		return i18n.E("help.type.duration")
	case "bool":
		return i18n.E("help.type.bool")
	}
	return i18n.E("help.type.any", "Type", f.Value.Type())
}
