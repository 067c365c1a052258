#pragma once

#include <QList>
#include <QString>

namespace sqlmend::ui {

// A connection a person saved: a name and a database URL, never a password (passwords live in
// the keychain under the profile's secret key).
struct SavedConnection
{
    QString name;
    QString url;
    bool rememberPassword = false;

    friend bool operator==(const SavedConnection &, const SavedConnection &) = default;
};

// The saved connections, in QSettings under "connections".
class ConnectionStore
{
public:
    static QList<SavedConnection> load();
    static void save(const QList<SavedConnection> &connections);
    // Adds or replaces (by name).
    static void upsert(const SavedConnection &connection);
    static void remove(const QString &name);
    // The name a connection to url was saved under (the first, when several were); empty when
    // none was. Passwords in either URL do not matter.
    static QString nameFor(const QString &url);
};

} // namespace sqlmend::ui
