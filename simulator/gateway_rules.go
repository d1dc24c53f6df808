package simulator

// The SMS gateway's own rules, written from the spec rather than taken from
// the client (DESIGN §4): the simulator is an independent check of the
// client, so a bug in the client's copy of a rule must not pass here too.
// independence_test.go keeps it that way.

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"
)

// Gateway limits (§8, §7.4).
const (
	// gwMaxMobiles: at most 200 numbers per send_sms or send_batch (1013).
	gwMaxMobiles = 200
	// gwMaxContent: SMS content at most 400 characters (1014).
	gwMaxContent = 400
	// gwMaxPage: get_template and get_sign pages of at most 50.
	gwMaxPage = 50
	// gwMaxPull: down_status and up_status take at most 100.
	gwMaxPull = 100
	// gwMaxPic: add_sign's pic is at most 1024 long.
	gwMaxPic = 1024
)

// gatewaySignature is §5.5's `sig`: the SHA-256 digest, as lowercase
// hexadecimal text, of "appKey=<APP_KEY>&random=<RANDOM>&time=<TIME>".
func gatewaySignature(appKey, random, timeText string) string {
	sum := sha256.Sum256([]byte("appKey=" + appKey + "&random=" + random + "&time=" + timeText))
	return hex.EncodeToString(sum[:])
}

// templateVars returns the distinct variables of a template text (§2.4:
// "variables are written ${name}"; §4.8 tplText "variables ${value}"), in
// order of first use. A `${` that is never closed, or that encloses no name
// (blank, or another `${`), is the 1015 "template parameter abnormal".
func templateVars(text string) ([]string, error) {
	var names []string
	seen := map[string]bool{}
	for pos := 0; ; {
		open := strings.Index(text[pos:], "${")
		if open < 0 {
			return names, nil
		}
		start := pos + open + len("${")
		end := strings.IndexByte(text[start:], '}')
		if end < 0 {
			return names, fmt.Errorf("tplText has an unterminated variable at %q", clip(text[pos+open:], 40))
		}
		name := text[start : start+end]
		if strings.TrimSpace(name) == "" || strings.Contains(name, "${") {
			return names, fmt.Errorf("tplText has an empty or malformed variable %q", text[pos+open:start+end+1])
		}
		if !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
		pos = start + end + 1
	}
}

// clip shortens s to at most n runes for a message.
func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// onlyDigits reports whether s is one or more of 0-9 (§4.8 exten "digits
// only", §7.4 1022 "exten format wrong (digits 0-9)").
func onlyDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// isMobile is the 1012 rule. The spec accepts a "+86 prefix" (send_single)
// and otherwise does not spell the format out; the simulator takes a
// mainland mobile number: 11 digits, the first 1 and the second 3-9, with an
// optional +86 or 86 in front (see fidelity/gateway.md).
func isMobile(s string) bool {
	switch {
	case strings.HasPrefix(s, "+86"):
		s = s[len("+86"):]
	case strings.HasPrefix(s, "86") && len(s) == 13:
		s = s[len("86"):]
	}
	return len(s) == 11 && onlyDigits(s) && s[0] == '1' && s[1] >= '3' && s[1] <= '9'
}

// fileLine is one recipient of a send_file upload.
type fileLine struct {
	mobile string
	params []string
}

// parseSendFile reads the send_file upload (§4.8 "File format for
// send_file"): one recipient per line, columns separated by a space, the
// mobile number first (required), then parameters that override the
// request-level smsParams and are URI-encoded. Lines with no column are
// skipped; CRLF line ends are accepted. Line numbers in errors start at 1.
func parseSendFile(b []byte) ([]fileLine, error) {
	var out []fileLine
	for i, line := range strings.Split(string(b), "\n") {
		cols := strings.Fields(strings.TrimSuffix(line, "\r"))
		if len(cols) == 0 {
			continue
		}
		r := fileLine{mobile: cols[0]}
		for _, col := range cols[1:] {
			p, err := url.PathUnescape(col)
			if err != nil {
				return nil, fmt.Errorf("line %d: parameter %q is not URI-encoded: %w", i+1, col, err)
			}
			r.params = append(r.params, p)
		}
		out = append(out, r)
	}
	return out, nil
}
