cat /dev/null
