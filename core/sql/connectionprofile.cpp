#include "core/sql/connectionprofile.h"

#include "core/engines/engineregistry.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

using namespace Qt::StringLiterals;

namespace sqlmend::core {

namespace {

// Far longer than any real URL; keeps a pasted 10 MB blob from travelling further.
constexpr qsizetype MaxUrlLength = 8192;

bool hasControlCharacters(QStringView text)
{
    for (QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return true;
    }
    return false;
}

} // namespace

bool ConnectionProfile::isPasswordKey(QStringView key)
{
    const QString lower = key.trimmed().toString().toLower();
    return lower == u"password" || lower == u"pwd" || lower == u"passwd" || lower == u"pass"
            || lower == u"pgpassword";
}

QString ConnectionProfile::withoutPassword(QStringView url)
{
    QString text = url.toString();
    // scheme://user:password@host -> scheme://user@host
    static const QRegularExpression authority(
            uR"(^([A-Za-z][A-Za-z0-9+.-]*://[^/?#@:]*):[^/?#@]*@)"_s);
    text.replace(authority, uR"(\1@)"_s);
    // key=value items after ?, &, ; or white space (URL options, ODBC and libpq strings).
    static const QRegularExpression item(
            uR"((^|[?&;\s])(?:password|pwd|passwd|pass|pgpassword)\s*=\s*(?:\{[^}]*\}|[^&;\s#]*))"_s,
            QRegularExpression::CaseInsensitiveOption);
    text.replace(item, uR"(\1)"_s);
    // What taking an item out left behind: "?&", "&&", ";;", a trailing "?", "&" or ";".
    static const QRegularExpression separators(uR"(([?&;])[&;]+)"_s);
    text.replace(separators, uR"(\1)"_s);
    static const QRegularExpression trailing(uR"([?&;]+$)"_s);
    text.replace(trailing, QString());
    return text;
}

Result<ConnectionProfile> ConnectionProfile::fromUrl(QStringView input, QString *password)
{
    if (password)
        password->clear();
    const QString url = input.trimmed().toString();
    if (url.isEmpty())
        return makeFailure(tr("The database URL is empty."), u"url_empty"_s);
    if (url.size() > MaxUrlLength) {
        return makeFailure(tr("The database URL is %1 characters long; at most %2 are accepted.")
                                   .arg(url.size())
                                   .arg(MaxUrlLength),
                           u"url_too_long"_s);
    }
    if (hasControlCharacters(url))
        return makeFailure(tr("The database URL contains control characters."), u"url_invalid"_s);

    const qsizetype colon = url.indexOf(u':');
    if (colon <= 0) {
        return makeFailure(tr("'%1' is not a database URL; expected for example "
                              "sqlite:///path/to/file.db or postgresql://user@host:5432/db.")
                                   .arg(url.left(80)),
                           u"url_no_scheme"_s);
    }
    const QString scheme = url.left(colon).toLower();
    const QString rest = url.mid(colon + 1);
    const SqlEngine *named = EngineRegistry::forScheme(scheme);
    if (!named || !named->driver()) {
        QStringList schemes;
        for (const SqlEngine *engine : EngineRegistry::engines()) {
            if (engine->driver() && !engine->urlSchemes().isEmpty())
                schemes.append(engine->urlSchemes().constFirst());
        }
        return makeFailure(tr("Unknown database URL scheme '%1'; use one of: %2.")
                                   .arg(scheme.left(40), schemes.join(u", ")),
                           u"url_unknown_scheme"_s);
    }
    ConnectionProfile profile;
    profile.m_driver = *named->driver();
    profile.m_engine = named->engine();

    if (std::optional<Failure> failure = named->readUrl(scheme, rest, url, profile, password))
        return makeUnexpected(std::move(*failure));
    return profile;
}

QString ConnectionProfile::option(QStringView key) const
{
    for (const auto &item : m_options) {
        if (item.first.compare(key, Qt::CaseInsensitive) == 0)
            return item.second;
    }
    return {};
}

QString ConnectionProfile::qtDriverName() const
{
    return EngineRegistry::forEngine(m_engine).qtDriverName();
}

bool ConnectionProfile::needsPassword() const
{
    return EngineRegistry::forEngine(m_engine).needsPassword();
}

QString ConnectionProfile::toUrl() const
{
    return EngineRegistry::forEngine(m_engine).writeUrl(*this);
}

QString ConnectionProfile::displayName() const
{
    return EngineRegistry::forEngine(m_engine).displayName(*this);
}

QString ConnectionProfile::qtConnectOptions() const
{
    return EngineRegistry::forEngine(m_engine).connectOptions(*this).join(u';');
}

QString ConnectionProfile::secretKey() const
{
    return u"sqlmend:"_s + toUrl();
}

} // namespace sqlmend::core
