#pragma once

#include <QString>
#include <QStringList>

namespace sqlmend::ui {

// The statements a person ran by hand in Run SQL, per connection (its URL, never a password),
// newest first, kept in QSettings under "sqlHistory". A statement run again moves to the top.
class SqlHistory
{
public:
    static constexpr int maxEntries = 100;
    // Longer statements are not kept (a pasted dump is not history).
    static constexpr qsizetype maxStatementLength = 100000;

    static QStringList load(const QString &connectionUrl);
    static void add(const QString &connectionUrl, const QString &sql);
    static void clear(const QString &connectionUrl);
};

} // namespace sqlmend::ui
