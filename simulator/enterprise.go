package simulator

import "fmt"

// The one enterprise the simulator plays, shared by every domain, and its
// root department (the default dept_id of users/add; dept_id 0 means it too).
const (
	simVccID     = 10001
	simVccCode   = "sim001"
	rootDeptID   = 1
	rootDeptName = "Headquarters"
)

// deptName names a department and its chain (dept_name, dept_name_chain).
func deptName(id int64) (name, chain string) {
	if id == 0 || id == rootDeptID {
		return rootDeptName, rootDeptName
	}
	name = fmt.Sprintf("Department %d", id)
	return name, rootDeptName + "/" + name
}

// deptNameOnly is deptName without the chain.
func deptNameOnly(id int64) string {
	n, _ := deptName(id)
	return n
}
