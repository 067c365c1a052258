#include "app/databaseoptions.h"

#include "app/commandline.h"

using namespace Qt::StringLiterals;

namespace sqlmend::app {

namespace {

QString dbDescription(bool demo)
{
    return demo ? QCoreApplication::translate("sqlmend::app",
                                              "The database URL (sqlite:///path, "
                                              "postgresql://user@host:port/db, mysql://..., "
                                              "odbc://DSN), or 'demo' for the demo shop.")
                : QCoreApplication::translate("sqlmend::app",
                                              "The database URL (sqlite:///path, "
                                              "postgresql://user@host:port/db, "
                                              "mysql://..., odbc://DSN).");
}

} // namespace

DatabaseOptions::DatabaseOptions(bool demo)
    : m_db(u"db"_s, dbDescription(demo), QCoreApplication::translate("sqlmend::app", "url")),
      m_passwordEnv(u"password-env"_s,
                    QCoreApplication::translate("sqlmend::app",
                                                "Read the database password from this "
                                                "environment variable."),
                    QCoreApplication::translate("sqlmend::app", "var"))
{
}

QList<QCommandLineOption> DatabaseOptions::options() const
{
    return {m_db, m_passwordEnv};
}

QString DatabaseOptions::url(const QCommandLineParser &parser) const
{
    return parser.value(m_db);
}

bool DatabaseOptions::given(const QCommandLineParser &parser, const char *command) const
{
    if (parser.isSet(m_db))
        return true;
    usageError(command, QCoreApplication::translate("sqlmend::app", "--db URL is required"));
    return false;
}

std::optional<DatabaseOptions::Database>
DatabaseOptions::database(const QCommandLineParser &parser, const char *command,
                          const std::optional<QString> &url) const
{
    if (!given(parser, command))
        return std::nullopt;
    QString urlPassword;
    auto profile = core::ConnectionProfile::fromUrl(url.value_or(parser.value(m_db)), &urlPassword);
    if (!profile) {
        usageError(command, profile.error().message);
        return std::nullopt;
    }
    const std::optional<QString> password =
            databasePassword(command, parser, m_passwordEnv, urlPassword);
    if (!password)
        return std::nullopt;
    return Database{std::move(profile.value()), *password};
}

} // namespace sqlmend::app
