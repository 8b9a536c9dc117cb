package cmd

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

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
// --retention 0,9 is --retention 0.9. It refuses NaN and infinities, which no option means
// (and which would otherwise reach a JSON encoder, or a comparison that is always false).
type decimalComma struct{ pflag.Value }

// errNotFinite is refused by Set; pflag's error names the flag and the value.
var errNotFinite = errors.New("not a finite number")

func (d decimalComma) Set(s string) error {
	if strings.Count(s, ",") == 1 && !strings.Contains(s, ".") {
		s = strings.Replace(s, ",", ".", 1)
	}
	if v, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && (math.IsNaN(v) || math.IsInf(v, 0)) {
		return errNotFinite
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
		return ui.FoldLines(text, width)
	})
	cobra.AddTemplateFunc("flagUsages", func(fs *pflag.FlagSet, c *cobra.Command) string {
		p := printerOf(c.Root())
		width, _ := strconv.Atoi(c.Root().Annotations[widthKey])
		return localFlagColumn(p, width, defaultRE.ReplaceAllStringFunc(fs.FlagUsages(), func(m string) string {
			v := defaultRE.FindStringSubmatch(m)[1]
			if decimalRE.MatchString(v) { // 0,95 in Spanish
				x, _ := strconv.ParseFloat(v, 64)
				v = p.Float(x, len(v)-strings.IndexByte(v, '.')-1)
			}
			return p.T("help.default", "Value", v)
		}))
	})
}

var (
	// flagLineRE is one flag of pflag's listing: "  -n, --count int   usage".
	flagLineRE = regexp.MustCompile(`^(\s+(?:-\S, )?--\S+)(?: (\S+))?( {2,})(.*)$`)
	decimalRE  = regexp.MustCompile(`^-?\d+\.\d+$`)
)

// localFlagColumn names the values flags take in the reader's language (--count N, not --count
// int) and realigns the usage column the new names widen or narrow; on a terminal (termWidth
// columns, 0 when piped) each usage folds between words under its column.
func localFlagColumn(p *i18n.Printer, termWidth int, usages string) string {
	lines := strings.Split(usages, "\n")
	type row struct{ left, usage string }
	rows := make([]row, len(lines))
	width := 0
	for i, l := range lines {
		m := flagLineRE.FindStringSubmatch(l)
		if m == nil {
			rows[i] = row{usage: strings.TrimLeft(l, " ")}
			continue
		}
		left := m[1]
		if m[2] != "" {
			left += " " + flagPlaceholder(p, m[2])
		}
		rows[i] = row{left: left, usage: m[4]}
		width = max(width, utf8.RuneCountInString(left))
	}
	var sb strings.Builder
	for i, r := range rows {
		if i > 0 {
			sb.WriteByte('\n')
		}
		if r.usage == "" && r.left == "" {
			continue
		}
		sb.WriteString(r.left)
		sb.WriteString(strings.Repeat(" ", width+3-utf8.RuneCountInString(r.left)))
		usage := r.usage
		if termWidth-(width+3) >= 20 {
			usage = (&ui.Term{Mode: ui.Plain, Width: termWidth - (width + 3)}).Fold("", usage)
			usage = strings.ReplaceAll(usage, "\n", "\n"+strings.Repeat(" ", width+3))
		}
		sb.WriteString(usage)
	}
	return sb.String()
}

// flagPlaceholder is pflag's name for a flag's value type in the reader's language; a name the
// flag's usage gave itself (`NAME`) stays.
func flagPlaceholder(p *i18n.Printer, typ string) string {
	switch typ {
	case "int":
		return p.T("help.placeholder.int")
	case "uint":
		return p.T("help.placeholder.uint")
	case "float":
		return p.T("help.placeholder.float")
	case "duration":
		return p.T("help.placeholder.duration")
	case "string", "stringArray": // an array is a flag given again for each value
		return p.T("help.placeholder.string")
	case "strings":
		return p.T("help.placeholder.strings")
	}
	return typ
}

// defaultRE is the "(default X)" pflag appends to a flag's usage.
var defaultRE = regexp.MustCompile(`(?m)\(default (.*)\)$`)

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
