#!/bin/sh
# The official image's first start, as far as compose.yaml uses it: an empty data folder gets the
# system tables, MARIADB_DATABASE, and MARIADB_USER with MARIADB_PASSWORD on it; arguments go to
# mariadbd. The server listens only once all of that is done, so a TCP ping means ready.
set -eu
datadir=/var/lib/mysql
chown mysql:mysql "$datadir"
if [ ! -d "$datadir/mysql" ]; then
  mariadb-install-db --user=mysql --datadir="$datadir" --skip-test-db --auth-root-authentication-method=socket >/dev/null
  mariadbd --user=mysql --datadir="$datadir" --skip-networking --socket=/run/mysqld/init.sock &
  for _ in $(seq 1 60); do
    mariadb-admin --socket=/run/mysqld/init.sock ping --silent 2>/dev/null && break
    sleep 1
  done
  mariadb --socket=/run/mysqld/init.sock -uroot <<SQL
CREATE DATABASE \`$MARIADB_DATABASE\`;
CREATE USER '$MARIADB_USER'@'%' IDENTIFIED BY '$MARIADB_PASSWORD';
GRANT ALL ON \`$MARIADB_DATABASE\`.* TO '$MARIADB_USER'@'%';
SQL
  mariadb-admin --socket=/run/mysqld/init.sock -uroot shutdown
  wait
fi
exec mariadbd --user=mysql --datadir="$datadir" --bind-address=0.0.0.0 "$@"
