package importer

import "testing"

// A recipient list headed in Chinese (手机号码, "mobile number"; 电话,
// "phone") reads its number column, where it was refused for having none.
func TestReadRecipients_chineseMobileHeading(t *testing.T) {
	t.Parallel()
	for _, h := range []string{"手机号码", "手机号", "手机", "电话号码", "电话"} {
		t.Run(h, func(t *testing.T) {
			t.Parallel()
			list, probs, err := ReadRecipients(writeBook(t, "Recipients", [][]any{{h, "name"}, {"138 0000 0011", "Al"}}), []string{"name"}, "open")
			if err != nil || len(probs) != 0 || list == nil || len(list.Rows) != 1 || list.Rows[0].Mobile != "13800000011" {
				t.Fatalf("heading %q: list %+v, problems %v, error %v; want the row's number 13800000011", h, list, probs, err)
			}
		})
	}
}
