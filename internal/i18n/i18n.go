// Package i18n is the one place atril's user-facing text comes from: a message catalogue in
// Spanish and English (locales/*.toml, read with go-i18n: CLDR plural rules, text/template
// placeholders), the choice of language, numbers written the way each language writes them, and
// errors whose text is looked up in the catalogue when they are shown.
//
// Conventions (see README.md beside this file for the glossary and how to add messages):
//   - Code never writes user-facing English: it calls p.T("area.key", "Name", value, ...) or
//     p.N("area.key", n, ...) for counted phrases, and returns i18n.E / i18n.Wrap errors.
//   - Message IDs are literal strings, so a test can check that every ID used exists in both
//     languages with the same placeholders.
//   - JSON output keys and values stay stable English identifiers: they are not messages.
//
// It imports nothing of atril's.
package i18n

import (
	"embed"
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Lang is a language atril speaks.
type Lang string

const (
	Spanish Lang = "es"
	English Lang = "en"
)

// Langs are the languages of the catalogue, the default first.
var Langs = []Lang{English, Spanish}

func (l Lang) tag() language.Tag {
	if l == Spanish {
		return language.Spanish
	}
	return language.English
}

// ParseLang reads a language name as --lang and ATRIL_LANG take it: "es", "en", or a locale
// such as "es_AR.UTF-8" or "en-GB".
func ParseLang(s string) (Lang, bool) {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, ".@"); i >= 0 {
		s = s[:i] // es_ES.UTF-8, de_DE@euro
	}
	if s == "" || s == "C" || s == "POSIX" {
		return "", false
	}
	tag, err := language.Parse(strings.ReplaceAll(s, "_", "-"))
	if err != nil {
		return "", false
	}
	switch base, _ := tag.Base(); base.String() {
	case "es":
		return Spanish, true
	case "en":
		return English, true
	}
	return "", false
}

// Detect picks the interface language: --lang (flag), else $ATRIL_LANG, else the POSIX locale
// variables in their order of precedence (LC_ALL, LC_MESSAGES, LANG): Spanish when the first of
// them that is set names Spanish, English otherwise. A --lang or ATRIL_LANG value that is not a
// language atril speaks is an error (it was asked for explicitly), given with the language the
// next source asks for (so a Spanish locale reads it in Spanish); a locale is only a hint.
func Detect(flag string, getenv func(string) string) (Lang, error) {
	if flag != "" {
		if l, ok := ParseLang(flag); ok {
			return l, nil
		}
		// The error itself is in the language the rest of the environment asks for.
		l, _ := Detect("", getenv)
		return l, E("i18n.bad_lang", "Value", flag, "Source", "--lang")
	}
	if v := getenv("ATRIL_LANG"); v != "" {
		if l, ok := ParseLang(v); ok {
			return l, nil
		}
		return fromLocale(getenv), E("i18n.bad_lang", "Value", v, "Source", "ATRIL_LANG")
	}
	return fromLocale(getenv), nil
}

// fromLocale is the language of the POSIX locale variables: Spanish when the first of LC_ALL,
// LC_MESSAGES and LANG that is set names Spanish, English otherwise.
func fromLocale(getenv func(string) string) Lang {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			if l, ok := ParseLang(v); ok && l == Spanish {
				return Spanish
			}
			return English
		}
	}
	return English
}

//go:embed locales/*.toml
var localeFS embed.FS

// bundles are the catalogue by language, each parsed once per process on first use: a process
// reads only the language it speaks (English too only if an error's Error() is asked for).
var bundles = map[Lang]func() (*goi18n.Bundle, error){
	English: sync.OnceValues(func() (*goi18n.Bundle, error) { return loadBundle(English) }),
	Spanish: sync.OnceValues(func() (*goi18n.Bundle, error) { return loadBundle(Spanish) }),
}

func loadBundle(l Lang) (*goi18n.Bundle, error) {
	b := goi18n.NewBundle(l.tag())
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	files, err := fs.Glob(localeFS, "locales/*."+string(l)+".toml")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		if _, err := b.LoadMessageFileFS(localeFS, f); err != nil {
			return nil, fmt.Errorf("message catalogue %s: %w", f, err)
		}
	}
	return b, nil
}

// Printer writes messages, numbers and errors in one language. It is safe for concurrent use.
type Printer struct {
	lang Lang
	loc  *goi18n.Localizer
}

var printers sync.Map // Lang -> *Printer

// For is the printer of a language.
func For(l Lang) *Printer {
	if l != Spanish {
		l = English
	}
	if p, ok := printers.Load(l); ok {
		return p.(*Printer)
	}
	p := &Printer{lang: l}
	if b, err := bundles[l](); err == nil {
		p.loc = goi18n.NewLocalizer(b, string(l))
	}
	actual, _ := printers.LoadOrStore(l, p)
	return actual.(*Printer)
}

// Lang is the printer's language.
func (p *Printer) Lang() Lang { return p.lang }

// T is the message id with its placeholders filled from kv, pairs of name and value:
// p.T("judge.verdict", "Word", "CASA"). A message missing from the catalogue shows as
// [[id]] (a test keeps that from happening).
func (p *Printer) T(id string, kv ...any) string {
	return p.localize(id, nil, pairs(kv))
}

// N is the form of message id for the count n (one/other, as the language's plural rules
// say); the count is the placeholder {{.Count}}, written as the language writes numbers.
func (p *Printer) N(id string, n int, kv ...any) string {
	data := pairs(kv)
	if _, set := data["Count"]; !set {
		data["Count"] = p.Int(n)
	}
	return p.localize(id, n, data)
}

func (p *Printer) localize(id string, count any, data map[string]any) string {
	if p.loc == nil {
		return "[[" + id + "]]"
	}
	// A deck's name is the user's text: one made before names were checked may hold escape
	// sequences or line breaks, shown escaped rather than obeyed.
	if name, ok := data["Deck"].(string); ok {
		data["Deck"] = Escape(name)
	}
	s, err := p.loc.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data, PluralCount: count})
	if s == "" && err != nil {
		return "[[" + id + "]]"
	}
	return s
}

// pairs turns name, value, name, value... into template data; an error value is kept as it is
// (its text is chosen when shown: see Printer.Err).
func pairs(kv []any) map[string]any {
	data := make(map[string]any, len(kv)/2+1)
	for i := 0; i+1 < len(kv); i += 2 {
		name, ok := kv[i].(string)
		if !ok {
			name = fmt.Sprint(kv[i])
		}
		data[name] = kv[i+1]
	}
	return data
}

// Int writes an integer as the language does: 636.624 in Spanish, 636,624 in English; Spanish
// leaves four-digit numbers ungrouped (1000), as the RAE and CLDR do.
func (p *Printer) Int(n int) string { return p.group(strconv.Itoa(n)) }

// Signed writes n with its sign (+12, -3, 0) as Int does: a score or spread difference.
func (p *Printer) Signed(n int) string {
	if n > 0 {
		return "+" + p.Int(n)
	}
	return p.Int(n)
}

// SignedFloat writes x as Float does with prec decimals and a plus sign when it is positive.
func (p *Printer) SignedFloat(x float64, prec int) string {
	s := p.Float(x, prec)
	if x > 0 {
		s = "+" + s
	}
	return s
}

// Float writes x with exactly prec decimals, halves rounded away from zero: 12,5 in Spanish,
// 12.5 in English.
func (p *Printer) Float(x float64, prec int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	scale := math.Pow(10, float64(prec))
	x = math.Round(x*scale) / scale
	s := strconv.FormatFloat(x, 'f', prec, 64)
	if s == "-"+strings.Repeat("0", len(s)-1) || strings.HasPrefix(s, "-") && strings.Trim(s, "-0.") == "" {
		s = s[1:] // no "-0,0"
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	out := p.group(whole)
	if hasFrac {
		if p.lang == Spanish {
			out += "," + frac
		} else {
			out += "." + frac
		}
	}
	return out
}

// group puts thousands separators into a run of digits (with an optional sign).
func (p *Printer) group(digits string) string {
	sign := ""
	if strings.HasPrefix(digits, "-") {
		sign, digits = "-", digits[1:]
	}
	sep, min := ",", 4
	if p.lang == Spanish {
		sep, min = ".", 5
	}
	if len(digits) < min {
		return sign + digits
	}
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return sign + b.String()
}

// Percent writes a share (0.125) as a percentage with prec decimals: "12,5 %" in Spanish (with
// the space the RAE asks for), "12.5%" in English.
func (p *Printer) Percent(share float64, prec int) string {
	s := p.Float(100*share, prec)
	if s == "–" {
		return s
	}
	if p.lang == Spanish {
		return s + "\u00a0%"
	}
	return s + "%"
}

// Yes reads a yes/no answer in either language (s, sí, si, y, yes; n, no); ok is false for
// anything else.
func Yes(s string) (yes, ok bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "s", "sí", "si", "y", "yes":
		return true, true
	case "n", "no":
		return false, true
	}
	return false, false
}

// catalogueIDs lists the catalogue's message IDs by language, for the tests.
func catalogueIDs() (map[Lang]map[string]*goi18n.MessageTemplate, error) {
	for _, l := range Langs {
		if _, err := bundles[l](); err != nil {
			return nil, err
		}
	}
	out := map[Lang]map[string]*goi18n.MessageTemplate{}
	files, _ := fs.Glob(localeFS, "locales/*.toml")
	for _, f := range files {
		b, _ := localeFS.ReadFile(f)
		mf, err := goi18n.ParseMessageFileBytes(b, f, map[string]goi18n.UnmarshalFunc{"toml": toml.Unmarshal})
		if err != nil {
			return nil, err
		}
		l, ok := ParseLang(mf.Tag.String())
		if !ok {
			return nil, fmt.Errorf("%s: language %s is not one atril speaks", f, mf.Tag)
		}
		if out[l] == nil {
			out[l] = map[string]*goi18n.MessageTemplate{}
		}
		for _, m := range mf.Messages {
			if _, dup := out[l][m.ID]; dup {
				return nil, fmt.Errorf("%s: message %s is defined twice", f, m.ID)
			}
			out[l][m.ID] = goi18n.NewMessageTemplate(m)
		}
	}
	return out, nil
}
