#include "app/appsetup.h"

#include "core/errors/decapsulator.h"
#include "core/exec/executor.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <cstdio>
#include <cstdlib>

using namespace Qt::StringLiterals;

namespace sqlmend::app {

void setIdentity()
{
    QCoreApplication::setOrganizationName(u"SQLMend"_s);
    QCoreApplication::setApplicationName(u"sqlmend"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(SQLMEND_VERSION));
}

void installTranslators(QCoreApplication &app)
{
    const QString language = QSettings().value(u"ui/language"_s).toString();
    const QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
    auto *own = new QTranslator(&app);
    // English is the source language; its catalog only says "1 row" and "2 rows". A locale
    // without a catalog (C, or a language SQLMend does not speak) gets English too.
    if (own->load(locale, u"sqlmend"_s, u"_"_s, u":/i18n"_s)
        || own->load(u"sqlmend_en"_s, u":/i18n"_s))
        QCoreApplication::installTranslator(own);
    // Dates, numbers and list separators in the language the window speaks: the chosen one, or
    // the catalog's that the system's languages picked (LANGUAGE=zh_CN under LANG=C speaks
    // Chinese, and should not write its dates as "1 Dec 2026").
    if (!language.isEmpty()) {
        QLocale::setDefault(locale);
    } else if (const QLocale spoken(own->language()); !own->language().isEmpty()
               && spoken.language() != QLocale::English
               && spoken.language() != QLocale().language()) {
        QLocale::setDefault(spoken);
    }
    auto *qt = new QTranslator(&app);
    if (qt->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    // Diagnoses strip Qt's driver texts in the language just installed too.
    core::Decapsulator::reloadDriverTexts();
}

int leave(int code)
{
    if (core::Executor::runningWorkers() > 0) {
        std::fflush(stdout);
        std::fflush(stderr);
        std::quick_exit(code);
    }
    return code;
}

} // namespace sqlmend::app
