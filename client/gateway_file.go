package client

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// FileRecipient is one line of the send_file mobiles file: the number, then
// parameters that override the request's SmsParams position by position.
type FileRecipient struct {
	Mobile string
	Params []string
}

// GatewayFile is a send_file request (a form post with the mobiles file).
type GatewayFile struct {
	TplID      int64
	SignText   string
	SmsExt     string
	Exten      string
	SmsParams  []string
	Recipients []FileRecipient
	// FileName is the upload's name; it must end in .txt or .csv (1021).
	// Empty means "mobiles.txt".
	FileName string
}

// EncodeMobilesFile writes recipients in the send_file file format (§4.8):
// one recipient per line, columns separated by a space, the mobile first,
// then the parameters URI-encoded.
func EncodeMobilesFile(rs []FileRecipient) []byte {
	var b strings.Builder
	for _, r := range rs {
		b.WriteString(r.Mobile)
		for _, p := range r.Params {
			b.WriteByte(' ')
			b.WriteString(uriComponent(p))
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// uriComponent encodes a parameter as JavaScript's encodeURIComponent
// does: every byte but A-Z a-z 0-9 - _ . ! ~ * ' ( ) as %XX. No '+' is left
// for a form-style decoder to read as a space (url.PathEscape left "a+b"
// and "x=1&y" as they were), and every decoder reads the same value back.
func uriComponent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.!~*'()", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}

// CheckMobilesFile refuses what the file format cannot carry: an empty
// parameter leaves no column between its spaces, so the values after it
// would move one place to the left and fill the wrong variables.
func CheckMobilesFile(rs []FileRecipient) error {
	for _, r := range rs {
		for i, p := range r.Params {
			if p == "" {
				return fmt.Errorf("send_file: the value %d of %s is empty; the file format (one line a number, values separated by spaces) cannot carry an empty value", i+1, r.Mobile)
			}
		}
	}
	return nil
}

// ParseMobilesFile reads the send_file file format; line numbers in errors
// start at 1. Blank lines are skipped.
func ParseMobilesFile(b []byte) ([]FileRecipient, error) {
	var out []FileRecipient
	for i, line := range strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		r := FileRecipient{Mobile: fields[0]}
		for _, f := range fields[1:] {
			p, err := url.PathUnescape(f)
			if err != nil {
				return nil, fmt.Errorf("line %d: parameter %q is not URI-encoded: %w", i+1, f, err)
			}
			r.Params = append(r.Params, p)
		}
		out = append(out, r)
	}
	return out, nil
}

// SendFile sends a template to the numbers of a file (send_file, a multipart
// form post). The gateway answers only code and msg; per-number results
// arrive through the file-send callback (§6.4) and delivery records.
func (s *GatewayService) SendFile(ctx context.Context, in GatewayFile) error {
	if err := s.checkCredentials(); err != nil {
		return err
	}
	if err := CheckMobilesFile(in.Recipients); err != nil {
		return err
	}
	name := in.FileName
	if name == "" {
		name = "mobiles.txt"
	}
	vals := url.Values{"tplId": {strconv.FormatInt(in.TplID, 10)}}
	for k, v := range map[string]string{"signText": in.SignText, "smsExt": in.SmsExt, "exten": in.Exten} {
		if v != "" {
			vals.Set(k, v)
		}
	}
	for _, p := range in.SmsParams {
		vals.Add("smsParams", p)
	}
	return s.c.Do(ctx, Request{
		Surface: SurfaceSMSAPI, Method: "POST", Path: "/sms/v1/send_file",
		Body: vals, BodyKind: BodyMultipart, Envelope: EnvelopeGateway,
		Files: []FilePart{{Field: "mobiles", FileName: name, ContentType: "text/plain", Content: EncodeMobilesFile(in.Recipients)}},
	}, nil)
}
