#include "ui/connectionstore.h"

#include "core/sql/connectionprofile.h"

#include <QSettings>

using namespace Qt::StringLiterals;

namespace sqlmend::ui {

QList<SavedConnection> ConnectionStore::load()
{
    QSettings settings;
    QList<SavedConnection> connections;
    const int count = settings.beginReadArray(u"connections"_s);
    for (int i = 0; i < count; ++i) {
        settings.setArrayIndex(i);
        SavedConnection connection;
        connection.name = settings.value(u"name"_s).toString();
        connection.url = settings.value(u"url"_s).toString();
        connection.rememberPassword = settings.value(u"rememberPassword"_s).toBool();
        if (!connection.url.isEmpty())
            connections.append(connection);
    }
    settings.endArray();
    return connections;
}

void ConnectionStore::save(const QList<SavedConnection> &connections)
{
    QSettings settings;
    settings.remove(u"connections"_s);
    settings.beginWriteArray(u"connections"_s, int(connections.size()));
    for (int i = 0; i < connections.size(); ++i) {
        settings.setArrayIndex(i);
        // Whatever the URL held, the settings file never gets a password.
        const auto profile = core::ConnectionProfile::fromUrl(connections[i].url);
        settings.setValue(u"name"_s, connections[i].name);
        settings.setValue(u"url"_s, profile ? profile->toUrl() : QString());
        settings.setValue(u"rememberPassword"_s, connections[i].rememberPassword);
    }
    settings.endArray();
}

void ConnectionStore::upsert(const SavedConnection &connection)
{
    QList<SavedConnection> connections = load();
    bool replaced = false;
    for (SavedConnection &existing : connections) {
        if (existing.name == connection.name) {
            existing = connection;
            replaced = true;
        }
    }
    if (!replaced)
        connections.append(connection);
    save(connections);
}

void ConnectionStore::remove(const QString &name)
{
    QList<SavedConnection> connections = load();
    connections.removeIf([&name](const SavedConnection &c) { return c.name == name; });
    save(connections);
}

QString ConnectionStore::nameFor(const QString &url)
{
    // Both sides as the profile writes them, so that spellings of one URL are one connection.
    const auto normalized = [](const QString &text) {
        const auto profile = core::ConnectionProfile::fromUrl(text);
        return profile ? profile->toUrl() : core::ConnectionProfile::withoutPassword(text);
    };
    const QString wanted = normalized(url);
    for (const SavedConnection &saved : load()) {
        if (!saved.name.isEmpty() && normalized(saved.url) == wanted)
            return saved.name;
    }
    return {};
}

} // namespace sqlmend::ui
